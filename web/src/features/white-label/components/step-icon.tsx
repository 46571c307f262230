import { Loader, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { StepState } from './use-registration.ts';

/** A step's state as an image with a name: a plain element may not carry aria-label (axe aria-prohibited-attr). */
export function StepIcon({ state }: { state: StepState }) {
  if (state === 'running') return <Loader size={18} role="img" aria-label="In progress" />;
  if (state === 'failed')
    return (
      <ThemeIcon color="red" size={20} radius="xl" role="img" aria-label="Failed">
        <IconX size={14} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon
      color={state === 'done' ? 'green' : 'gray'}
      size={20}
      radius="xl"
      role="img"
      aria-label={state === 'done' ? 'Completed' : 'Waiting'}
    >
      <IconCheck size={14} />
    </ThemeIcon>
  );
}
