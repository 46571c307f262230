import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  REPORT_SEARCH_DEBOUNCE_MS,
  REPORT_SEARCH_MIN_LENGTH,
  type TTransactionFilters,
} from '@portal/shared/transactions';
import { TEXT } from '@portal/shared/ui-constants';
import { useEffect, useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { type OptionList, RemoteOptionSelect } from '../../../components/remote-option-select.tsx';
import { useProducts } from '../api/transactions-api.ts';

/** The admin report's pickers, by filter (part 2 §2: rep, manager, distributor, HC, RHC, patient). */
export const ADMIN_PICKERS: { key: keyof TTransactionFilters; list: OptionList; label: string }[] = [
  { key: 'sales_rep_id', list: 'sales-reps', label: 'Sales rep' },
  { key: 'sales_manager_id', list: 'sales-managers', label: 'Sales manager' },
  { key: 'sales_distributor_id', list: 'sales-distributors', label: 'Sales distributor' },
  { key: 'harvest_center_id', list: 'harvest-centers', label: 'Harvest center' },
  { key: 'referral_harvest_center_id', list: 'referral-harvest-centers', label: 'Referral harvest center' },
  { key: 'patient_id', list: 'patients', label: 'Patient' },
];

interface TransactionFiltersProps {
  filters: TTransactionFilters;
  onChange: (filters: TTransactionFilters) => void;
  /** The server-searched pickers this report offers (the admin's six; none for the sales reports). */
  pickers?: typeof ADMIN_PICKERS;
}

/**
 * The report's filters. The search applies only past 3 characters, 700 ms after typing stops
 * (part 2 §5); every other filter applies at once.
 */
export function TransactionFilters({ filters, onChange, pickers = [] }: TransactionFiltersProps) {
  const [search, setSearch] = useState(filters.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), REPORT_SEARCH_DEBOUNCE_MS);
  const products = useProducts();
  const effectiveSearch = debounced.length >= REPORT_SEARCH_MIN_LENGTH ? debounced : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new effective search is a change.
  useEffect(() => {
    if (effectiveSearch !== filters.search) onChange({ ...filters, search: effectiveSearch });
  }, [effectiveSearch]);
  const set = <K extends keyof TTransactionFilters>(key: K, value: TTransactionFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const hasFilters = Object.values(filters).some((value) => value !== undefined && value !== '');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput
          type="search"
          label="Search"
          description="More than 3 characters"
          placeholder="Name, company, coupon or invoice"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <DatePickerField
          label="Date after"
          clearable
          value={filters.date_after ?? null}
          maxDate={filters.date_before}
          onChange={(date) => set('date_after', date ?? undefined)}
        />
        <DatePickerField
          label="Date before"
          clearable
          value={filters.date_before ?? null}
          minDate={filters.date_after}
          onChange={(date) => set('date_before', date ?? undefined)}
        />
        <Select
          label="Product"
          placeholder={TEXT.selectPlaceholder}
          searchable
          clearable
          data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={filters.product_id === undefined ? null : String(filters.product_id)}
          onChange={(id) => set('product_id', id === null ? undefined : Number(id))}
        />
        {pickers.map((picker) => (
          <RemoteOptionSelect
            key={picker.key}
            list={picker.list}
            label={picker.label}
            value={filters[picker.key] as number | undefined}
            onChange={(id) => set(picker.key, id)}
          />
        ))}
      </SimpleGrid>
      {hasFilters && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setSearch('');
              onChange({});
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}
    </>
  );
}
