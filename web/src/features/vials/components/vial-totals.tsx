import { Badge, Group } from '@mantine/core';
import type { TVialTotals } from '@portal/shared/vials';

/** The patient's vial totals as the two badges of part 1 §2 ("Available" and "Shipped"). */
export function VialTotals({ totals }: { totals: TVialTotals | undefined }) {
  return (
    <Group gap="xs">
      <Badge color="green" size="lg" variant="light">
        {`Available: ${totals?.vials_available ?? '–'}`}
      </Badge>
      <Badge color="blue" size="lg" variant="light">
        {`Shipped: ${totals?.vials_shipped ?? '–'}`}
      </Badge>
    </Group>
  );
}
