import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePatientTimeline } from '../api/get-timeline.ts';

/** The patient dashboard's first card: where the tissue is now and what comes next. */
export function PatientStageCard({ patientId }: { patientId: number }) {
  const timeline = usePatientTimeline(patientId);
  if (timeline.isError) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          Where your tissue is
        </Title>
        {timeline.isPending ? (
          <Skeleton height={40} />
        ) : (
          <>
            <Text fw={600}>{timeline.data.stage.label}</Text>
            {timeline.data.stage.next && <Text c="dimmed">{timeline.data.stage.next}</Text>}
          </>
        )}
        <Anchor component={Link} to={`/patients/${patientId}/timeline`}>
          See every step
        </Anchor>
      </Stack>
    </Card>
  );
}
