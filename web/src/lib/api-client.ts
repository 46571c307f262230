import type { TApiError } from '@portal/shared/errors';
import { TEXT } from '@portal/shared/ui-constants';
import { clearSession, getStoredUser, getToken, loginPath } from './session.ts';

/** A failed call, in the API's one error shape (docs/architecture.md, "The API contract"). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Messages per input name, to show under the form fields. */
  readonly fieldErrors: Record<string, string>;
  /** The whole answer, for calls whose failures say more than the one shape (a checkout's decline). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    code?: string,
    fieldErrors: Record<string, string> = {},
    body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

/** What to tell the user about any failure: the server's own words, or a sentence for a dropped network. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : TEXT.somethingWrong;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Public calls (login, password reset, build version): no token is sent, and a 401 is the call's own
   * answer (wrong password) rather than an expired session.
   */
  anonymous?: boolean;
  /**
   * A pending sign-in's token (lib/pending-sign-in.ts) instead of the stored session's: its refusals
   * are the step's own answers, not the session's end.
   */
  token?: string;
}

/** The agreement gate answers 403 with this code; its own screen handles it, not /unauthorized. */
const AGREEMENT_REQUIRED = 'agreement_required';
/** A session whose sign-in is not complete (decision 031): the sign-in starts again. */
const SIGN_IN_PENDING = new Set(['second_factor_required', 'second_factor_enrolment_required']);

function buildUrl(path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<TApiError> | null;
  // A proxy or a crash can answer with HTML; the user still gets a sentence.
  if (typeof body?.message !== 'string') return new ApiError(response.status, TEXT.somethingWrong);
  return new ApiError(response.status, body.message, body.code, body.errors, body);
}

/** A full page load on purpose: it drops every cached answer of the session that just ended. */
function leaveTo(path: string): void {
  if (window.location.pathname !== path.split('?')[0]) window.location.assign(path);
}

function handleAccessErrors(error: ApiError, sentToken: string | null): void {
  if (error.status === 401 || (error.status === 403 && SIGN_IN_PENDING.has(error.code ?? ''))) {
    // Whose session ended: the way back to this page is theirs alone.
    const userId = sentToken !== null ? (getStoredUser()?.id ?? null) : null;
    clearSession();
    // A call that carried a token was refused: the session has expired or been ended elsewhere.
    const here = window.location.pathname + window.location.search;
    leaveTo(loginPath(here, { expired: sentToken !== null, userId }));
  } else if (error.status === 403 && error.code !== AGREEMENT_REQUIRED) {
    leaveTo('/unauthorized');
  }
}

async function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers = new Headers();
  const token = options.anonymous ? null : (options.token ?? getToken());
  if (token) headers.set('Authorization', `Token ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers,
    body: payload,
    signal: options.signal,
  });
  if (response.ok) return response;

  const error = await readError(response);
  // A late answer to a request sent with a session that has since been replaced (going back from
  // impersonation, a new login) must not end the new one.
  if (!options.anonymous && token === getToken()) handleAccessErrors(error, token);
  throw error;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

function fileNameFrom(response: Response): string | null {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Saves a file the API serves behind the session (exports, completed documents): a plain link
 * cannot carry the Authorization header.
 */
export async function download(
  path: string,
  options: RequestOptions & { fileName?: string } = {},
): Promise<void> {
  const response = await send('GET', path, undefined, options);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    options.fileName ?? fileNameFrom(response) ?? path.split('/').filter(Boolean).pop() ?? 'download';
  link.click();
  // Revoked on the next tick: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** The API's limit and offset for page `page` (from 1) of `pageSize` rows. */
export function pageParams(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
