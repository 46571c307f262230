import { z } from 'zod';

/**
 * A small typed client of BoldSign's REST API (the provider the original product used), for
 * ESIGN_PROVIDER=boldsign. Only the calls the portal needs, on their documented shape:
 * - POST /v1/template/send?templateId=…            JSON {title, message?, roles: [{roleIndex, signerName,
 *                                                   signerEmail, signerType}], disableEmails?} → 201 {documentId}
 * - GET  /v1/document/getEmbeddedSignLink?documentId=&signerEmail=&redirectUrl=  → {signLink}
 * - GET  /v1/document/properties?documentId=       → {documentId, status, …}
 * - GET  /v1/document/download?documentId=         → the PDF
 * Every call carries the key in the `X-API-KEY` header; errors come back as `{error}` (or `{message}`).
 */

export type BoldSignStatus = 'Pending' | 'Completed' | 'Voided';

export interface BoldSignClient {
  sendFromTemplate(input: {
    templateId: string;
    title: string;
    signerName: string;
    signerEmail: string;
    /** Shown in BoldSign's mail to the signer. */
    message?: string;
    /** True when the portal shows the signing page itself (embedded link) and mails on its own. */
    disableEmails?: boolean;
  }): Promise<{ documentId: string }>;
  getEmbeddedSignLink(input: {
    documentId: string;
    signerEmail: string;
    redirectUrl: string;
    /** Until when the link works (BoldSign's default otherwise). */
    validUntil?: Date;
  }): Promise<{ signLink: string }>;
  getStatus(documentId: string): Promise<BoldSignStatus>;
  download(documentId: string): Promise<Uint8Array>;
}

export class BoldSignError extends Error {
  /** The HTTP status BoldSign answered, or undefined when it could not be reached. */
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BoldSignError';
    this.status = status;
  }
}

export const DEFAULT_BOLDSIGN_TIMEOUT_MS = 30_000;

const ZDocumentCreated = z.object({ documentId: z.string().min(1) });
const ZEmbeddedSigningLink = z.object({ signLink: z.url() });
const ZDocumentProperties = z.object({ status: z.string() });
const ZErrorBody = z.union([
  z.object({ error: z.string() }),
  z.object({ message: z.string() }),
  z.object({ title: z.string() }),
]);

/**
 * BoldSign's document statuses, folded into the portal's three. Anything that can still be signed (or
 * is about to be sent) is Pending; a document that can no longer be signed is Voided.
 */
const STATUS_MAP: Record<string, BoldSignStatus> = {
  Draft: 'Pending',
  Scheduled: 'Pending',
  InProgress: 'Pending',
  WaitingForOthers: 'Pending',
  NeedsAttention: 'Pending',
  Completed: 'Completed',
  Declined: 'Voided',
  Revoked: 'Voided',
  Expired: 'Voided',
};

function errorText(body: string): string | undefined {
  try {
    const parsed = ZErrorBody.safeParse(JSON.parse(body));
    if (!parsed.success) return undefined;
    const value = parsed.data;
    return 'error' in value ? value.error : 'message' in value ? value.message : value.title;
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
}

export function createBoldSignClient(options: {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): BoldSignClient {
  if (!options.apiKey) throw new BoldSignError('BoldSign needs an API key (BOLDSIGN_API_KEY).');
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOLDSIGN_TIMEOUT_MS;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    init: { body?: unknown } = {},
  ): Promise<Response> {
    const url = `${base}${path}?${new URLSearchParams(query).toString()}`;
    const headers: Record<string, string> = {
      'X-API-KEY': options.apiKey,
      accept: 'application/json',
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BoldSignError(`BoldSign could not be reached (${method} ${path}).`, undefined, {
        cause: error,
      });
    }
    if (response.ok) return response;
    const detail = errorText(await response.text().catch(() => ''));
    if (response.status === 401) {
      throw new BoldSignError(
        'BoldSign refused the API key (401): check BOLDSIGN_API_KEY, and that BOLDSIGN_BASE_URL is the ' +
          "API host of the key's region.",
        401,
      );
    }
    throw new BoldSignError(
      `BoldSign answered ${response.status} to ${method} ${path}${detail ? `: ${detail}` : '.'}`,
      response.status,
    );
  }

  async function json<T>(schema: z.ZodType<T>, response: Response, what: string): Promise<T> {
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new BoldSignError(`BoldSign's answer to ${what} is not JSON.`, response.status, { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new BoldSignError(`BoldSign's answer to ${what} lacks the expected fields.`, response.status);
    }
    return parsed.data;
  }

  return {
    async sendFromTemplate(input) {
      const response = await call(
        'POST',
        '/v1/template/send',
        { templateId: input.templateId },
        {
          body: {
            title: input.title,
            ...(input.message ? { message: input.message } : {}),
            roles: [
              {
                roleIndex: 1,
                signerName: input.signerName,
                signerEmail: input.signerEmail,
                signerType: 'Signer',
              },
            ],
            ...(input.disableEmails ? { disableEmails: true } : {}),
          },
        },
      );
      const { documentId } = await json(ZDocumentCreated, response, 'send from template');
      return { documentId };
    },

    async getEmbeddedSignLink(input) {
      const query: Record<string, string> = {
        documentId: input.documentId,
        signerEmail: input.signerEmail,
        redirectUrl: input.redirectUrl,
      };
      if (input.validUntil) query.signLinkValidTill = input.validUntil.toISOString();
      const response = await call('GET', '/v1/document/getEmbeddedSignLink', query);
      const { signLink } = await json(ZEmbeddedSigningLink, response, 'the embedded signing link');
      return { signLink };
    },

    async getStatus(documentId) {
      const response = await call('GET', '/v1/document/properties', { documentId });
      const { status } = await json(ZDocumentProperties, response, 'the document properties');
      const mapped = STATUS_MAP[status];
      if (!mapped) throw new BoldSignError(`BoldSign reported an unknown document status "${status}".`);
      return mapped;
    },

    async download(documentId) {
      // The documented call asks for JSON too; the answer is the PDF (or a JSON error).
      const response = await call('GET', '/v1/document/download', { documentId });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
        throw new BoldSignError('BoldSign did not send a PDF for the download.', response.status);
      }
      return bytes;
    },
  };
}
