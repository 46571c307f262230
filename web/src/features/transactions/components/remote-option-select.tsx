import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TEXT } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { type OptionList, useOptionSearch } from '../api/transactions-api.ts';

interface RemoteOptionSelectProps {
  list: OptionList;
  label: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/**
 * A picker whose options are searched on the server (20 at a time, never the whole list): what
 * the report needs for reps, centers and patients that number in the thousands.
 */
export function RemoteOptionSelect({ list, label, value, onChange }: RemoteOptionSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = useOptionSearch(list, debounced.trim());
  const data = (options.data ?? []).map((option) => ({ value: String(option.value), label: option.label }));
  // The chosen option stays listed while another search is typed.
  if (picked && value !== undefined && !data.some((o) => o.value === picked.value)) data.unshift(picked);
  return (
    <Select
      label={label}
      placeholder={TEXT.selectPlaceholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : TEXT.selectNothingFound}
      maxDropdownHeight={200}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(id, option) => {
        setPicked(id === null || !option ? null : { value: id, label: option.label });
        onChange(id === null ? undefined : Number(id));
      }}
    />
  );
}
