import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DOCUMENT_TEXTS,
  SIGNING_LINK_MESSAGES,
  type TSignature,
  type TSigningSession,
  type TSignResponse,
  ZSignature,
} from '@portal/shared/documents';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { FormAlert } from '../form.tsx';
import { PdfPages } from './pdf-pages.tsx';
import { SignaturePadField } from './signature-pad-field.tsx';
import { useSignDocument, useSigningSession } from './signing-api.ts';
import { isWellFormedSigningLink, type SigningLink } from './signing-links.ts';

interface SigningPanelProps {
  link: SigningLink;
  /** The document is signed: the server's answer (its status and the completed page to show). */
  onSigned: (result: TSignResponse) => void;
  /** Height of the document viewer (CSS); the dialog and the page have different room. */
  viewerHeight?: string;
}

/**
 * Reading, consenting to and signing one document through its signing link: the one signing screen
 * of the portal, used by /sign-your-document and by SigningDialog. A refused link (wrong, expired,
 * used, cancelled) shows the server's message and nothing to sign.
 */
export function SigningPanel(props: SigningPanelProps) {
  if (!isWellFormedSigningLink(props.link)) {
    return <RefusedLink error={new ApiError(400, SIGNING_LINK_MESSAGES.invalid)} retry={() => {}} />;
  }
  return <OpenedLink {...props} />;
}

/** A well-formed link, opened on the server (which refuses an unknown, spent or expired one). */
function OpenedLink({ link, onSigned, viewerHeight = '60vh' }: SigningPanelProps) {
  const session = useSigningSession(link);
  if (session.isPending) {
    return (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Opening the document...</Text>
        </Group>
      </Center>
    );
  }
  if (session.isError) return <RefusedLink error={session.error} retry={() => session.refetch()} />;
  return <SigningForm link={link} session={session.data} onSigned={onSigned} viewerHeight={viewerHeight} />;
}

/** A link the server refused is final (its message says what to do); a dropped network may be retried. */
function RefusedLink({ error, retry }: { error: unknown; retry: () => void }) {
  const refused = error instanceof ApiError && error.status < 500;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="This document cannot be signed"
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {!refused && (
          <Button size="xs" variant="default" onClick={retry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

type SignatureMode = TSignature['type'];

interface SigningFormProps {
  link: SigningLink;
  session: TSigningSession;
  onSigned: (result: TSignResponse) => void;
  viewerHeight: string;
}

function SigningForm({ link, session, onSigned, viewerHeight }: SigningFormProps) {
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<SignatureMode>('typed');
  const [typedName, setTypedName] = useState(session.signer_name);
  const [drawing, setDrawing] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ consent?: string; signature?: string }>({});
  const sign = useSignDocument();

  const signature: TSignature =
    mode === 'typed' ? { type: 'typed', text: typedName } : { type: 'drawn', image: drawing ?? '' };
  // A Sign's errors last only while their cause does: ticking the box or signing clears them.
  const shownErrors = {
    consent: consent ? undefined : errors.consent,
    signature: ZSignature.safeParse(signature).success ? undefined : errors.signature,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes a submit on through the dialog's portal to a form the dialog sits in (the HC sign-up).
    event.stopPropagation();
    const checked = ZSignature.safeParse(signature);
    const next = {
      consent: consent ? undefined : 'Please agree to sign electronically',
      signature: checked.success
        ? undefined
        : mode === 'drawn' && !drawing
          ? 'Draw your signature in the box'
          : checked.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.consent || next.signature || !checked.success) return;
    sign.mutate(
      { document_id: link.documentId, token: link.token, consent: true, signature: checked.data },
      { onSuccess: onSigned },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Box>
          <Text fw={600} size="lg">
            {session.name}
          </Text>
          <Text size="sm" c="dimmed">
            {`For ${session.signer_name} (${session.signer_email})`}
            {session.harvest_center ? ` · ${session.harvest_center}` : ''}
          </Text>
        </Box>
        <PdfPages url={session.pdf_url} title={session.name} height={viewerHeight} />
        <Checkbox
          label={DOCUMENT_TEXTS.consent}
          checked={consent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
          error={shownErrors.consent}
        />
        <Stack gap="xs">
          <SegmentedControl
            aria-label="How to sign"
            value={mode}
            onChange={(value) => {
              setMode(value as SignatureMode);
              setErrors((current) => ({ ...current, signature: undefined }));
            }}
            data={[
              { value: 'typed', label: 'Type' },
              { value: 'drawn', label: 'Draw' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {mode === 'typed' ? (
            <TypedSignature value={typedName} onChange={setTypedName} error={shownErrors.signature} />
          ) : (
            <SignaturePadField onChange={setDrawing} error={shownErrors.signature} />
          )}
        </Stack>
        <FormAlert error={sign.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={sign.isPending}>
            Sign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TypedSignature(props: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <Stack gap={4}>
      <TextInput
        label="Type your full name"
        description="This name, as typed, is your signature."
        autoComplete="name"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        error={props.error}
      />
      {props.value.trim() && (
        <Text aria-hidden fz={28} fs="italic" ff="serif" c="dark" style={{ overflowWrap: 'anywhere' }}>
          {props.value}
        </Text>
      )}
    </Stack>
  );
}
