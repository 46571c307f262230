import { Alert, Paper, Stack, Title } from '@mantine/core';
import { DOCUMENT_TEXTS, type TSignResponse } from '@portal/shared/documents';
import { useNavigate, useSearchParams } from 'react-router';
import { sameOriginPath } from '../../../components/signing/signing-links.ts';
import { SigningPanel } from '../../../components/signing/signing-panel.tsx';

/** /sign-your-document?documentId=&token= (public): the page a signing mail links to. */
export function SignYourDocumentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const documentId = params.get('documentId');
  const token = params.get('token');

  const onSigned = (result: TSignResponse) => {
    navigate(sameOriginPath(result.redirect) ?? '/signed-completed-message', { replace: true });
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%">
      <Stack>
        <Title order={1}>Sign Your Document</Title>
        {documentId ? (
          <SigningPanel link={{ documentId, token: token ?? '' }} onSigned={onSigned} />
        ) : (
          <Alert color="red" role="alert">
            {DOCUMENT_TEXTS.missingDocumentId}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
