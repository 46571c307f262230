import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listDomains, WHITE_LABEL_KEYS } from '../api/white-label-api.ts';
import { DomainList } from '../components/domain-list.tsx';
import { DomainStatusStep } from '../components/domain-status-step.tsx';
import { LiveDomainDialog } from '../components/live-domain-dialog.tsx';
import { RegistrationFormStep } from '../components/registration-form-step.tsx';
import { RegistrationProgressStep } from '../components/registration-progress-step.tsx';
import { useRegistration } from '../components/use-registration.ts';

/**
 * /white-label-registration (part 2 §4): the form, the four steps of the registration as they
 * happen, then the domain's table (the A record to set, Check Status), the SSL step and the live link.
 * Each call is real: a step that fails says why and can be retried from where it stopped.
 */
export function WhiteLabelPage() {
  const registration = useRegistration();
  const [congratulations, setCongratulations] = useState(false);
  const domains = useQuery({ queryKey: WHITE_LABEL_KEYS.list, queryFn: listDomains });
  const { steps, domain } = registration;

  return (
    <Stack>
      <Title order={1} size="h2">
        White Label Registration
      </Title>
      {steps === null ? (
        <RegistrationFormStep onRegister={(values, logo) => void registration.register(values, logo)} />
      ) : (
        <RegistrationProgressStep
          steps={steps}
          failure={registration.failure}
          running={registration.running}
          onRetry={registration.retry}
        />
      )}
      {registration.allDone && domain && (
        <DomainStatusStep
          domain={domain}
          onDomainChange={registration.setDomain}
          onLive={() => setCongratulations(true)}
        />
      )}
      <DomainList domains={domains.data?.results ?? []} />
      <LiveDomainDialog domain={domain} opened={congratulations} onClose={() => setCongratulations(false)} />
    </Stack>
  );
}
