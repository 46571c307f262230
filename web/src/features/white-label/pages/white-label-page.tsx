import {
  Alert,
  Anchor,
  Badge,
  Button,
  ColorInput,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type TWhiteLabelDomain,
  type TWhiteLabelWizardForm,
  WHITE_LABEL_LOGO_MAX_MEGABYTES,
  WHITE_LABEL_TEXTS,
  WIZARD_STEPS,
  ZWhiteLabelWizardForm,
} from '@portal/shared/white-label';
import { IconCheck, IconPhoto, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  createDomain,
  createDomainAdmin,
  listDomains,
  runServerStep,
  saveDomainConfig,
  WHITE_LABEL_KEYS,
} from '../api/white-label-api.ts';

type StepKey = (typeof WIZARD_STEPS)[number]['key'];
type StepState = 'pending' | 'running' | 'done' | 'failed';

const EMPTY: TWhiteLabelWizardForm = {
  name: '',
  url: 'https://',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  email_sender: '',
  description: '',
  brand_color: '',
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A step's call, shown complete no sooner than its delay (§9). */
async function timed<T>(delayMs: number, call: () => Promise<T>): Promise<T> {
  const [result] = await Promise.all([call(), pause(delayMs)]);
  return result;
}

/**
 * /white-label-registration (part 2 §4): the form, the four steps of the registration as they
 * happen, then the domain's table (the A record to set, Check Status), the SSL step and the live link.
 * Each call is real: a step that fails says why and can be retried from where it stopped.
 */
export function WhiteLabelPage() {
  const queryClient = useQueryClient();
  const form = useSchemaForm(ZWhiteLabelWizardForm, EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [steps, setSteps] = useState<Record<StepKey, StepState> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [domainId, setDomainId] = useState<number | null>(null);
  const [domain, setDomain] = useState<TWhiteLabelDomain | null>(null);
  const [ssl, setSsl] = useState<'idle' | 'processing' | 'completed'>('idle');
  const [congratulations, setCongratulations] = useState(false);
  const domains = useQuery({ queryKey: WHITE_LABEL_KEYS.list, queryFn: listDomains });

  const mark = (key: StepKey, state: StepState) =>
    setSteps((current) => (current ? { ...current, [key]: state } : current));

  /** Runs the steps from the first not done; the domain id is carried from step to step. */
  async function register(values: TWhiteLabelWizardForm, file: File) {
    setFailure(null);
    const states =
      steps ??
      (Object.fromEntries(WIZARD_STEPS.map((s) => [s.key, 'pending'])) as Record<StepKey, StepState>);
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

  const checkStatus = useMutation({
    mutationFn: () => runServerStep(domain?.id as number, 'check_up'),
    onSuccess: async (result) => {
      setDomain(result.domain);
      if (!result.success) return;
      setSsl('processing');
      const certificate = await runServerStep(result.domain.id, 'create_ssl_file').catch((error: unknown) => {
        setSsl('idle');
        notifyError(errorMessage(error));
        return null;
      });
      if (!certificate) return;
      setDomain(certificate.domain);
      if (!certificate.success) {
        setSsl('idle');
        notifyError(certificate.message);
        return;
      }
      setSsl('completed');
      setCongratulations(true);
      void queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEYS.list });
    },
    onError: () => notifyError(WHITE_LABEL_TEXTS.failure),
  });

  const allDone = steps !== null && WIZARD_STEPS.every((s) => steps[s.key] === 'done');
  const running = steps !== null && WIZARD_STEPS.some((s) => steps[s.key] === 'running');

  return (
    <Stack>
      <Title order={1} size="h2">
        White Label Registration
      </Title>
      {steps === null ? (
        <Paper withBorder p="md">
          <form
            onSubmit={form.onSubmit(
              (values) => {
                if (!logo) return setLogoError('The logo is required');
                void register(values, logo);
              },
              () => setLogoError(logo ? null : 'The logo is required'),
            )}
            noValidate
          >
            <Stack>
              <Title order={2} size="h4">
                White label
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Title" {...form.getInputProps('name')} />
                <TextInput label="URL" description="Starts with https://" {...form.getInputProps('url')} />
                <TextInput label="Sender e-mail" type="email" {...form.getInputProps('email_sender')} />
                <ColorInput
                  label="Brand colour"
                  withEyeDropper={false}
                  placeholder="The portal's own"
                  {...form.getInputProps('brand_color')}
                />
              </SimpleGrid>
              <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
              <FileInput
                label="Logo"
                withAsterisk
                description={`PNG, JPEG or WebP, up to ${WHITE_LABEL_LOGO_MAX_MEGABYTES} MB`}
                accept="image/png,image/jpeg,image/webp"
                leftSection={<IconPhoto size={18} aria-hidden />}
                value={logo}
                onChange={(file) => {
                  setLogo(file);
                  setLogoError(null);
                }}
                error={logoError}
              />
              <Title order={2} size="h4">
                Admin user
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First name" {...form.getInputProps('first_name')} />
                <TextInput label="Last name" {...form.getInputProps('last_name')} />
                <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
                <TextInput label="Phone" {...form.getInputProps('phone')} />
                <PasswordInput
                  label="Password"
                  description="Min Length 8"
                  {...form.getInputProps('password')}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit">Register</Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
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
                  <Button loading={running} onClick={() => logo && void register(form.getValues(), logo)}>
                    Try again
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}

      {allDone && domain && (
        <Paper withBorder p="md">
          <Stack>
            <Text>Point the domain's A record at the server address, then check its status.</Text>
            {/* One domain, a row per fact: the label beside its value fits a phone's width. */}
            <Table variant="vertical" withTableBorder aria-label={`Domain ${domain.host}`}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={120}>Domain</Table.Th>
                  <Table.Td style={BREAKS_ANYWHERE}>{domain.host}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>A record</Table.Th>
                  <Table.Td>{domain.server_address}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Status</Table.Th>
                  <Table.Td>
                    <Badge color={domain.status === 'Up and Running' ? 'green' : 'yellow'} variant="light">
                      {domain.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Action</Table.Th>
                  <Table.Td>
                    <Button
                      size="xs"
                      onClick={() => checkStatus.mutate()}
                      loading={checkStatus.isPending}
                      disabled={ssl === 'completed'}
                    >
                      Check Status
                    </Button>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {domain.last_error && domain.status === 'Waiting' && (
              <Text c="dimmed" size="sm" role="status">
                {domain.last_error}
              </Text>
            )}
            {ssl !== 'idle' && (
              <Group gap="xs" role="status">
                <StepIcon state={ssl === 'completed' ? 'done' : 'running'} />
                <Text>SSL certificate: {ssl === 'completed' ? 'completed' : 'processing...'}</Text>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      <DomainList domains={domains.data?.results ?? []} />

      <Modal
        opened={congratulations}
        onClose={() => setCongratulations(false)}
        title={WHITE_LABEL_TEXTS.congratulations}
      >
        <Stack>
          <Text>{domain?.name} is live.</Text>
          <Anchor href={domain?.url} target="_blank" rel="noopener noreferrer">
            {domain?.url}
          </Anchor>
          <Group justify="flex-end">
            <Button onClick={() => setCongratulations(false)}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * A host or URL is one long word: it breaks where it must, so that the tables fit a phone's width
 * instead of overflowing their card.
 */
const BREAKS_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/** A step's state as an image with a name: a plain element may not carry aria-label (axe aria-prohibited-attr). */
function StepIcon({ state }: { state: StepState }) {
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

/** The domains registered so far, with how far each got. */
function DomainList({ domains }: { domains: TWhiteLabelDomain[] }) {
  if (domains.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Domains
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>SSL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td style={BREAKS_ANYWHERE}>{d.url}</Table.Td>
                <Table.Td>{d.status}</Table.Td>
                <Table.Td>{d.steps.ssl ? 'Completed' : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
