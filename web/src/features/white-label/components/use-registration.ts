import {
  type TWhiteLabelDomain,
  type TWhiteLabelWizardForm,
  WHITE_LABEL_TEXTS,
  WIZARD_STEPS,
} from '@portal/shared/white-label';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  createDomain,
  createDomainAdmin,
  runServerStep,
  saveDomainConfig,
  WHITE_LABEL_KEYS,
} from '../api/white-label-api.ts';

export type StepKey = (typeof WIZARD_STEPS)[number]['key'];
export type StepState = 'pending' | 'running' | 'done' | 'failed';
export type StepStates = Record<StepKey, StepState>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A step's call, shown complete no sooner than its delay (§9). */
async function timed<T>(delayMs: number, call: () => Promise<T>): Promise<T> {
  const [result] = await Promise.all([call(), pause(delayMs)]);
  return result;
}

/**
 * The registration's four steps as they happen (the domain, its e-mail and logo, its admin, the
 * server's folder and site), each a real call. A failed step says why; `retry` goes on from it with
 * the values first sent. `domain` is the server's latest word on the domain, which later steps update.
 */
export function useRegistration() {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<StepStates | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [domainId, setDomainId] = useState<number | null>(null);
  const [domain, setDomain] = useState<TWhiteLabelDomain | null>(null);
  // What was registered: the form is gone once the steps show, and a retry sends the same again.
  const sent = useRef<{ values: TWhiteLabelWizardForm; logo: File } | null>(null);

  const mark = (key: StepKey, state: StepState) =>
    setSteps((current) => (current ? { ...current, [key]: state } : current));

  /** Runs the steps from the first not done; the domain id is carried from step to step. */
  async function register(values: TWhiteLabelWizardForm, file: File) {
    sent.current = { values, logo: file };
    setFailure(null);
    const states = steps ?? (Object.fromEntries(WIZARD_STEPS.map((s) => [s.key, 'pending'])) as StepStates);
    setSteps(states);
    let id = domainId;
    for (const step of WIZARD_STEPS) {
      if (states[step.key] === 'done') continue;
      mark(step.key, 'running');
      try {
        await timed(step.delayMs, async () => {
          if (step.key === 'info') {
            id = (await createDomain({ name: values.name, url: values.url })).id;
            setDomainId(id);
            notifySuccess(WHITE_LABEL_TEXTS.domainCreated);
          } else if (step.key === 'email') {
            await saveDomainConfig(
              {
                domain: String(id),
                email_sender: values.email_sender,
                description: values.description ?? '',
                brand_color: values.brand_color ?? '',
              },
              file,
            );
          } else if (step.key === 'admin') {
            await createDomainAdmin({
              first_name: values.first_name,
              last_name: values.last_name,
              email: values.email,
              phone: values.phone ?? '',
              password: values.password,
              subscription: 7,
              domain: id as number,
            });
            notifySuccess(WHITE_LABEL_TEXTS.adminCreated);
          } else {
            for (const serverStep of ['create_folder', 'create_domain_file'] as const) {
              const result = await runServerStep(id as number, serverStep);
              if (!result.success) throw new Error(result.message);
              setDomain(result.domain);
            }
          }
        });
        mark(step.key, 'done');
      } catch (error) {
        mark(step.key, 'failed');
        setFailure(`${step.label}: ${errorMessage(error)}`);
        notifyError(WHITE_LABEL_TEXTS.failure);
        return;
      }
    }
    void queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEYS.list });
  }

  return {
    steps,
    failure,
    running: steps !== null && WIZARD_STEPS.some((s) => steps[s.key] === 'running'),
    allDone: steps !== null && WIZARD_STEPS.every((s) => steps[s.key] === 'done'),
    domain,
    setDomain,
    register,
    retry: () => {
      if (sent.current) void register(sent.current.values, sent.current.logo);
    },
  };
}
