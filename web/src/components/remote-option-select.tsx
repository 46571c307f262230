import {
  type ComboboxItem,
  type ComboboxLikeRenderOptionInput,
  MultiSelect,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TUserOption } from '@portal/shared/select-options';
import { TEXT } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client.ts';

/** The account pickers of admin screens: searched on the server, 20 at a time (GET /api/v1/options/{list}/). */
export type OptionList =
  | 'sales-reps'
  | 'sales-managers'
  | 'sales-distributors'
  | 'harvest-centers'
  | 'referral-harvest-centers'
  | 'patients';

export function useOptionSearch(list: OptionList, search: string) {
  return useQuery({
    queryKey: ['options', list, search],
    queryFn: ({ signal }) =>
      api.get<TUserOption[]>(`/api/v1/options/${list}/`, {
        signal,
        params: { search: search || undefined, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * Draws each option as its label over its description (the e-mail, a patient's center): what tells
 * apart three people of one name. The description is part of the option's name for screen readers too.
 */
export function renderDescribedOption(options: readonly Pick<TUserOption, 'value' | 'description'>[]) {
  const descriptions = new Map(options.map((option) => [String(option.value), option.description]));
  return ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => {
    const description = descriptions.get(option.value);
    return (
      <Stack gap={0}>
        <Text size="sm">{option.label}</Text>
        {description && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {description}
          </Text>
        )}
      </Stack>
    );
  };
}

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
      renderOption={renderDescribedOption(options.data ?? [])}
      value={value === undefined ? null : String(value)}
      onChange={(id, option) => {
        setPicked(id === null || !option ? null : { value: id, label: option.label });
        onChange(id === null ? undefined : Number(id));
      }}
    />
  );
}

/** A chosen option with the label to show for it, whether or not the last search found it. */
export type PickedOption = { id: number; label: string };

interface RemoteOptionMultiSelectProps {
  list: OptionList;
  label: string;
  value: PickedOption[];
  onChange: (value: PickedOption[]) => void;
}

/**
 * The multiple-choice form of RemoteOptionSelect: the chosen stay listed as pills, the rest are
 * searched. The list opens on a click or typing, not on focus (a dialog focuses its first field,
 * and the list then covered Save), and leaves out the chosen: shown again without their tick, a
 * click there dropped a center unseen (issue 42).
 */
export function RemoteOptionMultiSelect({ list, label, value, onChange }: RemoteOptionMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useOptionSearch(list, debounced.trim());
  const labels = new Map(value.map((option) => [String(option.id), option.label]));
  for (const option of options.data ?? []) {
    if (!labels.has(String(option.value))) labels.set(String(option.value), option.label);
  }
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? TEXT.selectPlaceholder : undefined}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : TEXT.selectNothingFound}
      maxDropdownHeight={220}
      data={[...labels].map(([id, text]) => ({ value: id, label: text }))}
      renderOption={renderDescribedOption(options.data ?? [])}
      value={value.map((option) => String(option.id))}
      onChange={(ids) => onChange(ids.map((id) => ({ id: Number(id), label: labels.get(id) ?? id })))}
      openOnFocus={false}
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}
