import { Kbd, TextInput } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';

/**
 * The list's search field: Ctrl+K focuses it from anywhere on the page, Escape leaves it (part 1 §2).
 * On a phone (no keyboard to press Ctrl+K on) the hint gives its room to the placeholder, whole.
 */
export function UserSearchInput(props: { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // No ignored tags: Ctrl+K works from inside another field too.
  useHotkeys(
    [
      ['ctrl+K', () => input.current?.focus()],
      ['mod+K', () => input.current?.focus()],
    ],
    [],
  );
  return (
    <TextInput
      ref={input}
      label="Search"
      placeholder="Name, e-mail, company or phone"
      leftSection={<IconSearch size={16} />}
      rightSection={isPhone ? undefined : <Kbd size="xs">Ctrl+K</Kbd>}
      rightSectionWidth={isPhone ? undefined : 64}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}
