import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import type { TCompleteSignIn, TFactorAdded } from '@portal/shared/second-factors';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { getPendingSignIn } from '../../../lib/pending-sign-in.ts';
import { takeRedirectMarker } from '../../../lib/session.ts';
import { canUsePasskeys } from '../../../lib/webauthn.ts';
import { abandonSignIn, keepSignIn } from '../api/sign-in-steps.ts';
import { AddPasskeyPanel } from '../components/add-passkey-panel.tsx';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../components/totp-setup-panel.tsx';

/**
 * /sign-in/set-up: an account whose type must have a second factor and has none sets one up right
 * after its password, before any other screen (docs/decisions/031). The full session comes with the
 * factor; the recovery codes are shown once before going on.
 */
export function EnrolmentPage() {
  const navigate = useNavigate();
  const [pending] = useState(getPendingSignIn);
  const [added, setAdded] = useState<{ codes: string[]; signIn: TCompleteSignIn } | null>(null);

  if (!added && pending?.stage !== 'enrolment') return <Navigate to="/" replace />;
  const goOn = () => navigate(takeRedirectMarker() ?? '/dashboard', { replace: true });
  const onAdded = (result: TFactorAdded) => {
    if (!result.sign_in) return;
    keepSignIn(result.sign_in);
    if (result.recovery_codes) setAdded({ codes: result.recovery_codes, signIn: result.sign_in });
    else goOn();
  };

  if (added) {
    return (
      <AuthCard title="Your recovery codes">
        <RecoveryCodesPanel codes={added.codes} doneLabel="I have saved them: continue" onDone={goOn} />
      </AuthCard>
    );
  }
  const token = pending?.token ?? '';
  return (
    <AuthCard title="Set up a second factor">
      <Stack>
        <Text>
          Your account can open patients' records, so it signs in with a second factor besides the password.
          Choose one to set up now.
        </Text>
        <Tabs defaultValue={canUsePasskeys() ? 'passkey' : 'totp'} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="passkey">Passkey</Tabs.Tab>
            <Tabs.Tab value="totp">Authenticator app</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="passkey" pt="md">
            <AddPasskeyPanel token={token} askPassword={false} onAdded={onAdded} />
          </Tabs.Panel>
          <Tabs.Panel value="totp" pt="md">
            <TotpSetupPanel token={token} askPassword={false} onAdded={onAdded} />
          </Tabs.Panel>
        </Tabs>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => void abandonSignIn(token).then(() => navigate('/', { replace: true }))}
        >
          Cancel and sign in again
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
