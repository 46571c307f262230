import { DOCUMENT_NAMES, type TDocumentTemplate, ZDocumentTemplateFields } from '@portal/shared/documents';
import { type Actor, personOf } from '../../auth/actor.ts';
import { badRequest } from '../../errors/app-error.ts';
import { InvalidPdfError } from '../../pdf-signing/pdf-errors.ts';
import { PDF_TASKS } from '../../pdf-signing/pdf-tasks.ts';
import type { StoredUpload } from '../../storage/file-storage.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import { newTemplateId } from './document-ids.ts';
import {
  findDefaultTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
} from './documents.repository.ts';
import type { DocumentsDeps } from './documents-deps.ts';

/** Where the admin's uploaded templates are stored. */
export const TEMPLATE_KEY_PREFIX = 'templates/';

function templateJson(
  t: TemplateRow,
  owner: { id: number; company: string; email: string } | null,
  sourceDocumentId: string | null,
  inUse: Set<string>,
): TDocumentTemplate {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    owner: owner?.id ? owner : null,
    has_file: t.fileKey !== null,
    source_document_id: sourceDocumentId,
    provider_template_id: t.providerTemplateId,
    in_use: inUse.has(t.id),
    created_at: t.createdAt.toISOString(),
  };
}

async function defaultsInUse(deps: DocumentsDeps): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const kind of ['attestation', 'processing', 'storage'] as const) {
    const template = await findDefaultTemplate(deps.db, kind);
    if (template) ids.add(template.id);
  }
  return ids;
}

/** GET /api/admin/document-templates/: every template, newest first; which one each kind uses. */
export async function listTemplatesJson(deps: DocumentsDeps): Promise<TDocumentTemplate[]> {
  const inUse = await defaultsInUse(deps);
  const rows = await listTemplates(deps.db);
  return rows.map((r) => templateJson(r.template, r.owner, r.sourceDocumentId, inUse));
}

/**
 * POST /api/admin/document-templates/: an uploaded PDF replaces the built-in text of its kind for
 * new requests (documents already sent keep their original). The upload is already in storage
 * under templates/; a bad field removes it again.
 */
export async function createTemplate(
  deps: DocumentsDeps,
  actor: Actor,
  upload: StoredUpload & { fields: Record<string, string> },
): Promise<TDocumentTemplate> {
  const parsed = ZDocumentTemplateFields.safeParse(upload.fields);
  if (!parsed.success) {
    await deps.storage.delete(upload.key).catch(() => {});
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw badRequest(
      upload.fields.kind === undefined ? 'Choose the kind of agreement.' : 'The template is not valid.',
      errors,
    );
  }
  const { kind, name, provider_template_id } = parsed.data;
  // Refused now rather than when someone signs it (encrypted, damaged or empty PDFs).
  try {
    await cpuPool.run(PDF_TASKS.checkPdfOpens, await deps.storage.getBytes(upload.key));
  } catch (error) {
    await deps.storage.delete(upload.key).catch(() => {});
    if (error instanceof InvalidPdfError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  const template = await insertTemplate(deps.db, {
    id: newTemplateId(),
    kind,
    ownerUserId: null,
    name: name || `${DOCUMENT_NAMES[kind]} (${upload.filename || 'uploaded'})`,
    fileKey: upload.key,
    sourceDocumentId: null,
    providerTemplateId: provider_template_id || null,
    createdBy: personOf(actor),
  });
  return templateJson(template, null, null, new Set([template.id]));
}
