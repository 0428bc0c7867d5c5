/**
 * The transport under apiRequest (client.ts): one XMLHttpRequest per call. XHR rather than
 * fetch because fetch reports no upload progress, and one transport rather than two keeps the
 * sign-in page small (docs/architecture.md, The HTTP client). It answers every status the
 * server sends; what an answer means (an error, a signed-out session) is the client's to decide.
 */

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the API's origin (and path prefix), from the runtime configuration; '' for the page's own */
  baseURL: string;
  /** the path under baseURL; an absolute URL is used as it is */
  path: string;
  /** the query; an undefined value is left out */
  params?: Record<string, string | number | undefined>;
  headers: Record<string, string>;
  /** the body as it is sent: JSON text, FormData or a Blob */
  body?: string | FormData | Blob;
  /** ms the whole request may take; then it fails as a NoAnswerError */
  timeout: number;
  /** 'blob': the answer's body as a Blob (a download), error answers too */
  responseType: 'json' | 'blob';
  signal?: AbortSignal;
  onUploadProgress?: (loaded: number, total: number) => void;
  onDownloadProgress?: (loaded: number) => void;
}

export interface HttpResponse {
  status: number;
  /** the answer's headers, names lower-cased */
  headers: Record<string, string>;
  /** the JSON body parsed (its text when it is not JSON), or a Blob when asked for one */
  data: unknown;
}

/** No answer came: the connection failed, or the time-out passed. */
export class NoAnswerError extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(reason === 'timeout' ? 'The request timed out.' : 'The request failed: no answer.');
    this.name = 'NoAnswerError';
  }
}

/** Sends a request; rejects with NoAnswerError, the signal's reason, or what made the request impossible. */
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/** baseURL + path (one slash between them), then the query. */
export function requestUrl(baseURL: string, path: string, params: HttpRequest['params']): string {
  const absolute = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(path);
  let url = absolute || !baseURL ? path : `${baseURL.replace(/\/$/, '')}/${path.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.append(key, String(value));
  }
  const text = query.toString();
  if (text) url += (url.includes('?') ? '&' : '?') + text;
  return url;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const xhrTransport: HttpTransport = (request) =>
  new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method, requestUrl(request.baseURL, request.path, request.params));
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = request.timeout;
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    // a listener on xhr.upload makes the request non-simple (a CORS preflight): only when asked for
    if (request.onUploadProgress) {
      xhr.upload.onprogress = (event) =>
        request.onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    }
    if (request.onDownloadProgress) xhr.onprogress = (event) => request.onDownloadProgress?.(event.loaded);
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        data: xhr.responseType === 'blob' ? xhr.response : parseBody(xhr.responseText),
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new NoAnswerError('network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new NoAnswerError('timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.aborted ? signal.reason : new NoAnswerError('network'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(request.body ?? null);
  });
