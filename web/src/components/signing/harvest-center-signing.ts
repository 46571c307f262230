import type { ZTemplateFromDocumentResponse } from '@portal/shared/documents';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { readSessionValue, writeSessionValue } from '../../lib/session.ts';

type TemplateFromDocument = z.infer<typeof ZTemplateFromDocumentResponse>;

/**
 * Where the browser keeps a harvest center's signed attestation between the signing step of the HC
 * sign-up (part 2 §2) and its final submit: the session keys `template`, `document` and `signing`
 * of lib/session.ts, which logout clears (part 1 §4).
 */
export const HC_SIGNING_KEYS = {
  templateId: 'template',
  docId: 'document',
  /** 'true' once the attestation is signed and its template made. */
  complete: 'signing',
} as const;

export interface HarvestCenterSigning {
  templateId: string;
  docId: string;
}

/**
 * After an HC signs its attestation: the server turns the completed document into the HC's template
 * (GET /auth/boldsign/?documentId&name), and the browser keeps its ids for the sign-up form.
 */
export async function completeHarvestCenterSigning(
  documentId: string,
  name: string,
): Promise<HarvestCenterSigning> {
  const result = await api.get<TemplateFromDocument>('/auth/boldsign/', {
    params: { documentId, name },
    anonymous: true,
  });
  writeSessionValue(HC_SIGNING_KEYS.templateId, result.templateId);
  writeSessionValue(HC_SIGNING_KEYS.docId, result.docId);
  writeSessionValue(HC_SIGNING_KEYS.complete, 'true');
  return result;
}

/** The signed attestation of this browser's HC sign-up, or null while it is not signed. */
export function readHarvestCenterSigning(): HarvestCenterSigning | null {
  const templateId = readSessionValue(HC_SIGNING_KEYS.templateId);
  const docId = readSessionValue(HC_SIGNING_KEYS.docId);
  const complete = readSessionValue(HC_SIGNING_KEYS.complete) === 'true';
  return complete && templateId && docId ? { templateId, docId } : null;
}
