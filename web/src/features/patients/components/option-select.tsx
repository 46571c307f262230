import { Select, type SelectProps } from '@mantine/core';
import { TEXT } from '@portal/shared/ui-constants';

export interface IdOption {
  id: number;
  label: string;
}

interface OptionSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  options: IdOption[];
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * A searchable select of records by id, with the select texts and height of part 1 §9
 * ('Select an option', 'No results found', at most 200 px).
 */
export function OptionSelect({ options, value, onChange, ...props }: OptionSelectProps) {
  return (
    <Select
      searchable
      clearable
      placeholder={TEXT.selectPlaceholder}
      nothingFoundMessage={TEXT.selectNothingFound}
      maxDropdownHeight={200}
      comboboxProps={{ withinPortal: true }}
      data={options.map((option) => ({ value: String(option.id), label: option.label }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      {...props}
    />
  );
}
