import { Anchor, Badge, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TimelineEventKind, TTimelineEvent } from '@portal/shared/timeline';
import { useParams } from 'react-router';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { download, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePatientTimeline } from '../api/get-timeline.ts';

const KIND_LABEL: Record<TimelineEventKind, string> = {
  account: 'Account',
  document: 'Agreement',
  tissue: 'Tissue',
  lab: 'Lab',
  vials: 'Vials',
  order: 'Order',
  label: 'Shipping',
  change: 'Change',
};

/** An event's record: a file behind the session (a sealed PDF, a receipt) or a carrier's page. */
function EventLink({ link }: { link: string }) {
  if (/^https?:\/\//.test(link)) {
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
        Tracking
      </Anchor>
    );
  }
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => download(link).catch((error: unknown) => notifyError(errorMessage(error)))}
    >
      {link.startsWith('/media/') ? 'Sealed PDF' : 'Receipt'}
    </Button>
  );
}

function EventItem({ event }: { event: TTimelineEvent }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={600}>{event.title}</Text>
        <Badge variant="light" size="sm">
          {KIND_LABEL[event.kind]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {formatDateTime(event.at)}
        {event.who ? ` · ${event.who}` : ''}
        {event.detail ? ` · ${event.detail}` : ''}
      </Text>
      {event.link && <EventLink link={event.link} />}
    </Stack>
  );
}

/**
 * /patients/:id/timeline: a patient's chain of custody, from the account to the shipped vials, with
 * who did what and links to the records (the patient, its HC and staff, its lab, admins).
 */
export function PatientTimelinePage() {
  const id = Number(useParams().id);
  const timeline = usePatientTimeline(id);
  if (timeline.isError) return <QueryLoadError query={timeline} what="the timeline" />;
  if (timeline.isPending) return <Text>Loading the timeline…</Text>;
  const { patient, stage, events } = timeline.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Timeline of {patient.name || patient.email}
        </Title>
        <Button
          variant="default"
          onClick={() =>
            download(`/api/v1/patients/${id}/timeline/pdf/`).catch((error: unknown) =>
              notifyError(errorMessage(error)),
            )
          }
        >
          Print chain of custody (PDF)
        </Button>
      </Group>
      <Card withBorder padding="lg">
        <Text fw={600}>{stage.label}</Text>
        {stage.next && <Text c="dimmed">{stage.next}</Text>}
      </Card>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label="Events">
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once loaded, and two events may be alike
          <Timeline.Item key={index}>
            <EventItem event={event} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
