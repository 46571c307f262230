import { Anchor, Text } from '@mantine/core';
import { DOCUMENT_TEXTS, type TDocument } from '@portal/shared/documents';

/**
 * Part 1 §4: 'see document' (the signed file, in a new tab) when Completed, otherwise the status
 * text; 'No Document' when there is none.
 */
export function DocumentStatus({ document, label }: { document: TDocument | null; label: string }) {
  if (!document) return <Text size="sm">{DOCUMENT_TEXTS.noDocument}</Text>;
  if (document.status === 'Completed' && document.file_url) {
    return (
      <Anchor
        href={document.file_url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={`${DOCUMENT_TEXTS.seeDocument}: ${label}`}
      >
        {DOCUMENT_TEXTS.seeDocument}
      </Anchor>
    );
  }
  return <Text size="sm">{document.status}</Text>;
}
