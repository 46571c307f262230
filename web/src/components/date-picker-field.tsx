import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from 'react';

/**
 * The portal's date field: Mantine's DatePickerInput whose calendar, a dialog, is named by the
 * field's label. Mantine names the calendar after its popover's own id, which the field's button does
 * not carry (the button takes the field's id), so the dialog had no name; here the popover takes the
 * label's id (`<field id>-label`). Format and calendar labels come from the theme.
 */
export function DatePickerField(props: DatePickerInputProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  // The field is a button, where aria-required is not allowed (axe's aria-allowed-attr, critical):
  // the form's required mark stays as the label's asterisk.
  const { 'aria-required': _ariaRequired, ...fieldProps } = props;
  return (
    <DatePickerInput {...fieldProps} id={id} popoverProps={{ ...props.popoverProps, id: `${id}-label` }} />
  );
}
