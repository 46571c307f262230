import { Alert, Button, Group, List, Paper, Stack } from '@mantine/core';
import { WIZARD_STEPS } from '@portal/shared/white-label';
import { StepIcon } from './step-icon.tsx';
import type { StepStates } from './use-registration.ts';

/** The wizard's second step: the registration's steps as they happen, and Try again after a failure. */
export function RegistrationProgressStep({
  steps,
  failure,
  running,
  onRetry,
}: {
  steps: StepStates;
  failure: string | null;
  running: boolean;
  onRetry: () => void;
}) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <List spacing="sm" center aria-label="Registration steps">
          {WIZARD_STEPS.map((step) => (
            <List.Item key={step.key} icon={<StepIcon state={steps[step.key]} />}>
              {step.label}
              {steps[step.key] === 'done' ? ' — completed' : ''}
            </List.Item>
          ))}
        </List>
        {failure && (
          <>
            <Alert color="red" role="alert">
              {failure}
            </Alert>
            <Group justify="flex-end">
              <Button loading={running} onClick={onRetry}>
                Try again
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
