import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { SECOND_FACTOR_TEXTS } from '@portal/shared/second-factors';
import { useState } from 'react';
import { FormAlert } from '../../../components/form.tsx';
import { failureOf, LoadError } from '../../../components/load-error.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePolicy, useUpdatePolicy } from '../api/policy.ts';

/**
 * /sign-in-policy, 'Sign-in Policy': which account types must have a second factor (the others are
 * offered one). The main portal's admins see it; only the super admin, signed in with a second
 * factor, changes it (the server says why not). The change applies at each account's next sign-in.
 */
export function SecondFactorPolicyPage() {
  const policy = usePolicy();
  const update = useUpdatePolicy();
  const [edited, setEdited] = useState<Set<number> | null>(null);
  const saved = new Set(policy.data?.account_types.filter((type) => type.required).map((type) => type.id));
  const required = edited ?? saved;
  const refusal = policy.data?.change_refused ?? null;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(required);
    if (on) next.add(id);
    else next.delete(id);
    setEdited(next);
  };
  return (
    <Stack>
      <Title order={1}>{SECOND_FACTOR_TEXTS.policyTitle}</Title>
      <Text>
        Accounts of a type that requires a second factor set one up right after their password at their next
        sign-in, and cannot remove their last one. Every other account may add one under Sign-in Security.
      </Text>
      {policy.isError && <LoadError failure={failureOf(policy)!} what="the sign-in policy" />}
      {policy.isPending && <Loader aria-label="Loading the sign-in policy" />}
      {policy.data && (
        <Card withBorder padding="lg" maw={560}>
          <Stack>
            <Title order={2} size="h3">
              Second factor required
            </Title>
            {refusal && <Alert color="blue">{refusal}</Alert>}
            {policy.data.account_types.map((type) => (
              <Switch
                key={type.id}
                label={type.name}
                disabled={refusal !== null}
                checked={required.has(type.id)}
                onChange={(event) => toggle(type.id, event.currentTarget.checked)}
              />
            ))}
            {!required.has(7) && (
              <Alert color="yellow">
                Admins manage every account: without a second factor, a stolen admin password opens the whole
                portal.
              </Alert>
            )}
            <FormAlert error={update.error} />
            <Group justify="flex-end">
              <Button
                disabled={edited === null || refusal !== null}
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { required: [...required].sort((a, b) => a - b) },
                    {
                      onSuccess: () => {
                        setEdited(null);
                        notifySuccess('The sign-in policy has been saved.');
                      },
                    },
                  )
                }
              >
                Save
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
