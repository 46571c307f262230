import { Anchor, Card, List, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TPatientStageCounts } from '@portal/shared/dashboard';
import { LAB_STAGE_LABELS, LAB_STAGES } from '@portal/shared/patients';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryLoadError } from '../../components/load-error.tsx';
import { useDashboardSummary } from './get-dashboard-summary.ts';
import {
  patientListOf,
  type SummaryCardSpec,
  stageCountsOf,
  stageListPath,
  summaryCards,
} from './role-summaries.ts';

/**
 * One count, the whole card a link to what it counts. Its name is the label and the count
 * ("Vials ready to ship 3"); the hint or empty text describes it.
 */
export function SummaryCard({ label, count, to, hint, empty }: SummaryCardSpec) {
  const hintId = useId();
  const content = (
    <Card withBorder padding="md" h="100%">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.1}>
          {count}
        </Text>
        {/* Out of the name (it describes the link), so the name is what the card shows in large. */}
        <Text id={hintId} size="sm" c="dimmed" aria-hidden>
          {count > 0 ? hint : empty}
        </Text>
      </Stack>
    </Card>
  );
  // Named by its own text, so the name is what one sees (WCAG 2.5.3), not a separate aria-label.
  const link = { 'aria-describedby': hintId };
  // A section of this page: a plain anchor, which the browser scrolls to.
  if (to.startsWith('#')) {
    return (
      <UnstyledButton component="a" href={to} {...link}>
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component={Link} to={to} {...link}>
      {content}
    </UnstyledButton>
  );
}

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

/** Every stage of the caller's patients, each opening the list filtered to it. */
function PatientsByStage({ list, patients }: { list: string; patients: TPatientStageCounts }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Patients by stage
      </Title>
      <List listStyleType="none" spacing={4}>
        {LAB_STAGES.map((stage) => (
          <List.Item key={stage}>
            {/* At least 24 px tall (WCAG 2.5.8): the links sit one under the other. */}
            <Anchor
              component={Link}
              to={stageListPath(list, stage)}
              size="sm"
              display="inline-flex"
              mih={24}
              style={{ alignItems: 'center' }}
            >
              {`${LAB_STAGE_LABELS[stage]}: ${patients.by_stage[stage]}`}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/**
 * The summary at the top of a dashboard: counts with their next actions, each a link to what it
 * counts. A failed load says so and offers Retry; it never shows as zeros.
 */
export function DashboardSummary() {
  const summary = useDashboardSummary();
  const data = summary.data;
  const patients = data ? stageCountsOf(data) : null;
  return (
    <section aria-label="Summary">
      {summary.isPending && (
        <SimpleGrid cols={GRID_COLS} spacing="md" aria-busy="true" aria-label="Loading the summary">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} h={120} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {summary.isError && <QueryLoadError query={summary} what="the summary" />}
      {data && (
        <SimpleGrid cols={GRID_COLS} spacing="md">
          {summaryCards(data).map((card) => (
            <SummaryCard key={card.label} {...card} />
          ))}
          {patients && patients.total > 0 && (
            <PatientsByStage list={patientListOf(data.kind)} patients={patients} />
          )}
        </SimpleGrid>
      )}
    </section>
  );
}
