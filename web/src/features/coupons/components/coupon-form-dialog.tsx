import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COUPON_TEXTS, type TCoupon } from '@portal/shared/coupons';
import { dollarsToCents } from '@portal/shared/products';
import { TIMING } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useShownErrors } from '../../../components/form.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { COUPON_KEYS, useHarvestCenterOptions, useProductOptions } from '../api/coupons-api.ts';

type Draft = {
  name: string;
  code: string;
  discount: number | string;
  max_use_number: number | string;
  product_ids: string[];
  harvest_center: string | null;
  status: boolean;
};

function draftOf(coupon: TCoupon | null): Draft {
  return {
    name: coupon?.name ?? '',
    code: coupon?.code ?? '',
    discount: coupon ? coupon.discount_amount_cents / 100 : '',
    max_use_number: coupon?.max_use_number ?? 0,
    product_ids: coupon ? coupon.products.map((p) => String(p.id)) : [],
    harvest_center: coupon?.harvest_center ? String(coupon.harvest_center) : null,
    status: coupon?.status ?? true,
  };
}

/** Required fields of part 2 §5: name, code, discount amount and max use. */
function draftErrors(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.code.trim()) errors.code = 'Code is required';
  if (draft.discount === '' || Number(draft.discount) <= 0) errors.discount = 'Discount amount is required';
  if (draft.max_use_number === '' || Number(draft.max_use_number) < 0)
    errors.max_use_number = 'Max use is required';
  return errors;
}

/** Add Coupon Code / edit: one form for both; closes 2 s after success (part 2 §4, §8). */
export function CouponFormDialog({ coupon, onClose }: { coupon: TCoupon | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const checks = useShownErrors();
  // Found again at each render: an error clears as soon as its field is fixed.
  const found = draftErrors(draft);
  const errors = checks.shown(found);
  const [centerSearch, setCenterSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(centerSearch, 300);
  const products = useProductOptions();
  const centers = useHarvestCenterOptions(debouncedSearch);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: draft.name.trim(),
        code: draft.code.trim(),
        discount_amount_cents: dollarsToCents(draft.discount),
        max_use_number: Number(draft.max_use_number),
        product_ids: draft.product_ids.map(Number),
        harvest_center: draft.harvest_center ? Number(draft.harvest_center) : null,
        status: draft.status,
      };
      return coupon
        ? api.put(`/api/v1/coupon-codes/${coupon.id}/`, body)
        : api.post('/api/v1/coupon-codes/', body);
    },
    onSuccess: async () => {
      setDone(true);
      notifySuccess(coupon ? COUPON_TEXTS.updated : COUPON_TEXTS.created);
      await queryClient.invalidateQueries({ queryKey: COUPON_KEYS.all });
      setTimeout(onClose, TIMING.successNoticeMs);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const centerData = [
    ...(coupon?.hc_desc ?? []).map((c) => ({ value: String(c.id), label: c.company })),
    ...(centers.data ?? []).map((c) => ({ value: String(c.id), label: c.label })),
  ].filter((option, index, all) => all.findIndex((o) => o.value === option.value) === index);

  return (
    <Modal
      opened
      onClose={onClose}
      title={coupon ? COUPON_TEXTS.editTitle : COUPON_TEXTS.addTitle}
      centered
      size="lg"
    >
      <form
        noValidate
        {...checks.formProps}
        onSubmit={(event) => {
          event.preventDefault();
          if (checks.submit(found, event.currentTarget)) save.mutate();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              data-path="name"
              value={draft.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <TextInput
              label="Code"
              required
              data-path="code"
              value={draft.code}
              error={errors.code}
              onChange={(e) => set('code', e.currentTarget.value)}
            />
            <NumberInput
              label="Discount amount ($)"
              required
              min={0}
              decimalScale={2}
              data-path="discount"
              value={draft.discount}
              error={errors.discount}
              onChange={(value) => set('discount', value)}
            />
            <NumberInput
              label="Max use"
              description={COUPON_TEXTS.unlimitedHint}
              required
              min={0}
              allowDecimal={false}
              data-path="max_use_number"
              value={draft.max_use_number}
              error={errors.max_use_number}
              onChange={(value) => set('max_use_number', value)}
            />
          </SimpleGrid>
          <MultiSelect
            label="Products"
            placeholder="Every product"
            data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={draft.product_ids}
            onChange={(value) => set('product_ids', value)}
            searchable
            clearable
          />
          <Select
            label="Harvest center"
            placeholder="Every harvest center"
            data={centerData}
            value={draft.harvest_center}
            onChange={(value) => set('harvest_center', value)}
            searchable
            searchValue={centerSearch}
            onSearchChange={setCenterSearch}
            clearable
            nothingFoundMessage="No results found"
          />
          <Switch
            label="Active"
            checked={draft.status}
            onChange={(e) => set('status', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={save.isPending} disabled={done}>
              {coupon ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
