import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  type BoldSignClient,
  BoldSignError,
  createBoldSignClient,
} from '../../pdf-signing/boldsign-client.ts';

/**
 * Who runs a signing request. The built-in service (default) makes the original, the links, the
 * signing page and the sealed PDF itself, so every method answers null ("the portal does it"). The
 * BoldSign adapter (ESIGN_PROVIDER=boldsign) sends from BoldSign templates, which mail the signer,
 * answers BoldSign's embedded signing URL, and reports status and the signed file, which the portal
 * then stores as the final PDF (BoldSign's own seal, not the portal's).
 */
export interface ESignProvider {
  readonly kind: 'builtin' | 'boldsign';
  createRequest(input: {
    title: string;
    signerName: string;
    signerEmail: string;
    providerTemplateId: string | null;
    /** Signed at once in an embedded page (no provider mail to the signer). */
    embedded?: boolean;
  }): Promise<{ providerDocumentId: string } | null>;
  embeddedSignLink(
    document: { providerDocumentId: string | null; signerEmail: string },
    redirectUrl: string,
  ): Promise<string | null>;
  fetchResult(document: {
    providerDocumentId: string | null;
  }): Promise<{ status: 'Pending' | 'Completed' | 'Voided'; pdf?: Uint8Array } | null>;
}

export const builtinProvider: ESignProvider = {
  kind: 'builtin',
  createRequest: async () => null,
  embeddedSignLink: async () => null,
  fetchResult: async () => null,
};

export const NO_PROVIDER_TEMPLATE_MESSAGE =
  'No BoldSign template is set for this agreement. An admin adds its BoldSign template id under Document templates.';

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'The signing provider (BoldSign) did not accept the request. Please try again later.';

/** BoldSign's failures (down, key refused) are its own: a 502 with a plain message, details in the log. */
async function atBoldSign<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BoldSignError) throw new AppError(502, PROVIDER_UNAVAILABLE_MESSAGE);
    throw error;
  }
}

export function createBoldSignProvider(client: BoldSignClient): ESignProvider {
  return {
    kind: 'boldsign',
    async createRequest(input) {
      const templateId = input.providerTemplateId;
      if (!templateId) throw new AppError(409, NO_PROVIDER_TEMPLATE_MESSAGE);
      const { documentId } = await atBoldSign(() =>
        client.sendFromTemplate({
          templateId,
          title: input.title,
          signerName: input.signerName,
          signerEmail: input.signerEmail,
          disableEmails: input.embedded ?? false,
        }),
      );
      return { providerDocumentId: documentId };
    },
    async embeddedSignLink(document, redirectUrl) {
      const documentId = document.providerDocumentId;
      if (!documentId) throw new AppError(409, 'This request is not known to BoldSign.');
      const { signLink } = await atBoldSign(() =>
        client.getEmbeddedSignLink({ documentId, signerEmail: document.signerEmail, redirectUrl }),
      );
      return signLink;
    },
    async fetchResult(document) {
      const documentId = document.providerDocumentId;
      if (!documentId) return null;
      const status = await atBoldSign(() => client.getStatus(documentId));
      if (status !== 'Completed') return { status };
      return { status, pdf: await atBoldSign(() => client.download(documentId)) };
    },
  };
}

/** The provider the configuration names (config.esign, validated at start-up). */
export function createESignProvider(config: AppConfig): ESignProvider {
  if (config.esign.provider === 'boldsign' && config.esign.boldsign) {
    return createBoldSignProvider(
      createBoldSignClient({ apiKey: config.esign.boldsign.apiKey, baseUrl: config.esign.boldsign.baseUrl }),
    );
  }
  return builtinProvider;
}
