/**
 * The one HTTP client. axios is imported on the first call, so a page that has not
 * talked to the API yet (the login page) does not pay for it.
 */
import type { AxiosInstance, AxiosResponse } from 'axios';
import { getRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';

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

/** The signed-in user's token, for a request made without axios (the live alert stream). */
export function currentToken(): string | null {
  return auth.getToken();
}

let instance: Promise<AxiosInstance> | undefined;

function getInstance(): Promise<AxiosInstance> {
  instance ??= import('axios')
    .then(({ default: axios }) => axios.create({ timeout: 30_000 }))
    .catch((error: unknown) => {
      // a failed chunk load (a network blip, a redeploy) is tried again on the next call
      instance = undefined;
      throw new ApiError(MESSAGES.noResponse, 'network', undefined, false, { cause: error });
    });
  return instance;
}

/**
 * Starts loading the HTTP client without waiting for it: a page whose next step is an API
 * call (the login form) calls this once it is idle, so the call does not wait for the download.
 */
export function preloadClient(): void {
  getInstance().catch(() => {
    // reported by the call that needs the client
  });
}

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
async function withJsonBody(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (!(response?.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    response.data = undefined;
  }
  return error;
}

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

export interface ApiResponse<T> {
  data: T;
  headers: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = options.anonymous ? null : (options.token ?? auth.getToken());
  let response: AxiosResponse<T>;
  try {
    const http = await getInstance();
    response = await http.request<T>({
      baseURL: getRuntimeConfig().apiBaseUrl,
      url: path,
      method: options.method ?? 'GET',
      data: options.data,
      params: options.params,
      headers: { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      onUploadProgress: options.onUploadProgress
        ? (event) => options.onUploadProgress?.(event.total ? event.loaded / event.total : 0)
        : undefined,
      responseType: options.responseType,
      onDownloadProgress: options.onDownloadProgress
        ? (event) => options.onDownloadProgress?.(event.loaded)
        : undefined,
      signal: options.signal,
      timeout: options.timeout,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const normalised = normaliseError(await withJsonBody(error));
    // only when the refused token is still the session's: not one a logout or another sign-in replaced meanwhile
    if (normalised.status === 401 && token && token === auth.getToken()) auth.onUnauthorized();
    throw normalised;
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers ?? {})) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
  }
  return { data: response.data, headers };
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
