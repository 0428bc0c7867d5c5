/**
 * The one HTTP client (docs/architecture.md, The HTTP client): apiRequest sends through a small
 * XMLHttpRequest transport (./http.ts), small enough to sit in the sign-in page's own code.
 */
import { getRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';
import { type HttpTransport, NoAnswerError, xhrTransport } from './http';
import { useLocaleStore } from './i18n';

/** Every failure has this shape; `message` is the server's sentence when there is one. */
export class ApiError extends Error {
  /** response: the server answered with an error; network: no answer; setup: the request could not be made */
  readonly kind: 'response' | 'network' | 'setup';
  readonly status: number | undefined;
  /** true when `message` is the server's own sentence */
  readonly fromServer: boolean;
  /** the error answer's body as the server sent it (e.g. a payout conflict's `orderIds`); undefined without one */
  readonly data: unknown;

  constructor(
    message: string,
    kind: ApiError['kind'],
    status?: number,
    fromServer = false,
    options?: ErrorOptions & { data?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.fromServer = fromServer;
    this.data = options?.data;
  }
}

/**
 * What a screen shows for a failure: the server's message when it sent one, else the
 * screen's own fallback (docs/domain.md, Messages).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/**
 * A save refused because the record changed since the version it was loaded at (docs/domain.md,
 * Edits and versions): the 409 that says who changed it and when. The screen offers to reload.
 */
export function isChangedSinceLoaded(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const changed = (error.data as { changed?: unknown } | undefined)?.changed;
  return typeof changed === 'object' && changed !== null;
}

interface AuthHooks {
  getToken: () => string | null;
  /** called when the server refuses the stored token (expired, revoked) */
  onUnauthorized: () => void;
}

let auth: AuthHooks = { getToken: () => null, onUnauthorized: () => {} };

export function configureAuth(hooks: AuthHooks): void {
  auth = hooks;
}

/** The signed-in user's token, for a request made outside apiRequest (the live alert stream, tus uploads). */
export function currentToken(): string | null {
  return auth.getToken();
}

let transport: HttpTransport = xhrTransport;

/** Tests only: the transport apiRequest sends through (./testing/fake-http.ts installs its fake). */
export function setHttpTransport(next: HttpTransport): void {
  transport = next;
}

/**
 * Kept for the remotes built against it (shared-api's exports only grow): the client is part of
 * the page's own code now, so there is nothing left to load ahead.
 */
export function preloadClient(): void {}

function messageFrom(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['message', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.length > 0) return value;
    }
  }
  return undefined;
}

/** A download's error answer arrives as a Blob: read it as the JSON it is, so its message shows. */
async function jsonOfBlob(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Any failure as an ApiError: an error answer (`{ response: { status, data } }`), no answer
 * (`{ request }`), or a request that could not be made (an Error's message).
 */
export function normaliseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { response?: { status: number; data: unknown }; request?: unknown; message?: string };
  if (e?.response) {
    const status = e.response.status;
    const serverMessage = messageFrom(e.response.data);
    return new ApiError(
      serverMessage ?? e.message ?? MESSAGES.somethingWentWrong,
      'response',
      status,
      serverMessage !== undefined,
      { data: e.response.data },
    );
  }
  if (e?.request) return new ApiError(MESSAGES.noResponse, 'network');
  return new ApiError(e?.message ?? MESSAGES.requestSetupError, 'setup');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  data?: unknown;
  params?: Record<string, string | number | undefined>;
  /** upload progress, 0..1 */
  onUploadProgress?: (fraction: number) => void;
  /** send no Authorization header even when signed in */
  anonymous?: boolean;
  /** send this token instead of the session's (a logout ends the token it names, after the session forgot it) */
  token?: string;
  /** 'blob' for a file download; an error answer is still read for the server's message */
  responseType?: 'json' | 'blob';
  /** bytes of the answer received so far (a streamed answer has no length, so no fraction) */
  onDownloadProgress?: (bytesReceived: number) => void;
  /** cancels the request: the call then rejects with the signal's reason, not an ApiError */
  signal?: AbortSignal;
  /** ms the whole request may take (default 30 s; a large download needs longer) */
  timeout?: number;
  /** more request headers (the Authorization header comes from the session) */
  headers?: Record<string, string>;
}

/** A request with no `timeout` of its own fails as 'network' after this long. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiResponse<T> {
  data: T;
  headers: Record<string, string>;
}

/** The body as it is sent: FormData and Blobs as they are, anything else as JSON. */
function bodyOf(data: unknown, headers: Record<string, string>): string | FormData | Blob | undefined {
  if (data === undefined || data instanceof FormData || data instanceof Blob) return data;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  return JSON.stringify(data);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = options.anonymous ? null : (options.token ?? auth.getToken());
  let failure: unknown;
  try {
    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      // the server's refusals come in the screen's language (docs/architecture.md, Languages)
      'Accept-Language': useLocaleStore.getState().locale,
      ...options.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const { onUploadProgress, onDownloadProgress } = options;
    const response = await transport({
      method: options.method ?? 'GET',
      baseURL: getRuntimeConfig().apiBaseUrl,
      path,
      params: options.params,
      headers,
      body: bodyOf(options.data, headers),
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      responseType: options.responseType ?? 'json',
      signal: options.signal,
      onUploadProgress: onUploadProgress && ((loaded, total) => onUploadProgress(total ? loaded / total : 0)),
      onDownloadProgress,
    });
    if (response.status >= 200 && response.status < 300) {
      return { data: response.data as T, headers: response.headers };
    }
    failure = {
      response: { status: response.status, data: await jsonOfBlob(response.data) },
      message: `Request failed with status code ${response.status}`,
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    failure = error instanceof NoAnswerError ? { request: error } : error;
  }
  const normalised = normaliseError(failure);
  // only when the refused token is still the session's: not one a logout or another sign-in replaced meanwhile
  if (normalised.status === 401 && token && token === auth.getToken()) auth.onUnauthorized();
  throw normalised;
}

/** A page of a list: the items and the total from X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
}

export async function apiList<T>(path: string, params: RequestOptions['params'] = {}): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>(path, { params });
  const total = Number(headers['x-total-count'] ?? data.length);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}
