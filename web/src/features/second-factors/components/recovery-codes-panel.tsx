import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { SECOND_FACTOR_TEXTS } from '@portal/shared/second-factors';
import { useState } from 'react';

/** Ten recovery codes, shown once: copied or saved as a file before the person goes on. */
export function RecoveryCodesPanel({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const text = `Portal recovery codes\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'portal-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url));
  };
  return (
    <Stack>
      <Alert color="yellow" title="Save your recovery codes">
        {SECOND_FACTOR_TEXTS.recoveryCodesNote}
      </Alert>
      <List aria-label="Recovery codes" listStyleType="none" spacing={4} ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
      </Group>
      <Text size="sm" role="status">
        {copied ? 'The codes are on your clipboard.' : ''}
      </Text>
      <Button onClick={onDone}>{doneLabel}</Button>
    </Stack>
  );
}
