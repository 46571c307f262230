import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineTheme,
  type ModalProps,
  type PaginationProps,
  type PasswordInputProps,
  rem,
} from '@mantine/core';
import { DATE_INPUT_FORMAT } from '../lib/format-date.ts';

/*
 * A calm theme whose colours pass WCAG 2.2 AA. Mantine's default shades 6-9 are too light for white
 * text or for text on white (its primary blue button was 3.55:1, a green badge 2.36:1), so the
 * palettes used here keep Mantine's light shades 0-5 and darken 6-9 in the same hue to contrast with
 * white: shade 6 (filled buttons, badges, coloured text, links) ≥ 4.9:1, 7 ≥ 5.6:1, 8 ≥ 7:1, 9 ≥ 8.6:1
 * ('light' variants put shade 9 on shade 1: ≥ 6.7:1).
 */

/** The portal's own colour: a quiet ocean blue. */
const portal: MantineColorsTuple = [
  '#f1f8fc',
  '#def0f7',
  '#c1e3f0',
  '#9cd2e8',
  '#73c0de',
  '#49add4',
  '#247899',
  '#216f8e',
  '#1c5f7a',
  '#185167',
];

const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#697179',
  '#495057',
  '#343a40',
  '#212529',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e10606',
  '#cf1010',
  '#af1a1a',
  '#921f1f',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#b55302',
  '#ae4805',
  '#993b08',
  '#882d09',
];

const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#946803',
  '#8f5d00',
  '#834c00',
  '#763d00',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2a7f39',
  '#247633',
  '#1e662c',
  '#1b5727',
];

const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0c7f5d',
  '#097656',
  '#066548',
  '#05573e',
];

const cyan: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#0f7b8b',
  '#0c7282',
  '#096271',
  '#085361',
];

const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1672c2',
  '#1769b3',
  '#145a9b',
  '#124d84',
];

/** See Select in the theme's components. */
const OPTIONS_SCROLL_IN_LISTBOX = {
  defaultProps: { withScrollArea: false },
  styles: (_theme: MantineTheme, props: { maxDropdownHeight?: number | string }) => ({
    options: { maxHeight: rem(props.maxDropdownHeight ?? 220), overflowY: 'auto' },
  }),
};

export const theme = createTheme({
  primaryColor: 'portal',
  primaryShade: 6,
  colors: { portal, gray, red, orange, yellow, green, teal, cyan, blue },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji"',
  headings: {
    fontWeight: '650',
    // Pages have one h1 (their title): sized as a page title, not a poster.
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.3' },
      h2: { fontSize: '1.375rem', lineHeight: '1.35' },
    },
  },
  // Plain objects, not Component.extend(): extend() would pull each component (and floating-ui) into
  // the entry chunk that the login page loads.
  components: {
    PasswordInput: {
      // Mantine's default toggle label contains "password", so getByLabel('Password') would match two elements.
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
      } satisfies Partial<PasswordInputProps>,
    },
    Pagination: {
      // Mantine leaves the previous/next and numbered buttons without a name.
      defaultProps: {
        getControlProps: (control) =>
          control === 'previous'
            ? { 'aria-label': 'Previous page' }
            : control === 'next'
              ? { 'aria-label': 'Next page' }
              : control === 'first'
                ? { 'aria-label': 'First page' }
                : { 'aria-label': 'Last page' },
        getItemProps: (page) => ({ 'aria-label': `Page ${page}` }),
      } satisfies Partial<PaginationProps>,
    },
    // The clear button of clearable selects and date inputs has no name of its own; a file input's
    // is another button.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    // A select's options scroll in its listbox itself, which the arrow keys move through, rather than in
    // a scroll area inside the listbox: a scrolling box of its own would want a Tab stop (axe
    // scrollable-region-focusable), and a Tab out of the field closes the options.
    Select: OPTIONS_SCROLL_IN_LISTBOX,
    MultiSelect: OPTIONS_SCROLL_IN_LISTBOX,
    // A menu holds menu items only: Mantine's first child, a placeholder taking focus as the menu
    // opens, is none (axe aria-required-children); without it the first item takes focus, as ARIA's
    // menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The calendar's arrows have no name of their own (a plain object: the theme does not load
    // @mantine/dates); the level button ('November 2026') is named by its text, as it reads (a name
    // such as 'Choose a month' would not contain what it shows). A picked day shows in the portal's
    // one date format ('12 Mar 2026'). The calendar's name is its field's label (components/date-picker-field.tsx).
    DatePickerInput: {
      defaultProps: {
        valueFormat: DATE_INPUT_FORMAT,
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Modal: {
      // The close (X) button has no name of its own: 'Dismiss', so it is not confused with a dialog's own
      // 'Close' button. Focus goes back to the opener when it closes (see dialog-focus.ts too).
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Dismiss' },
        returnFocus: true,
      } satisfies Partial<ModalProps>,
    },
  },
});

/**
 * Secondary text ('dimmed') and placeholders one shade darker than Mantine's 3.3:1 grey: 4.9:1 on
 * white (an empty date picker shows its placeholder as text, which axe measures).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
