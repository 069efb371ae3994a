/**
 * The one fetch client (docs/product.md#api): credentials on every call, a JSON body and content type
 * only with a payload, a non-2xx answer becomes `ApiError('<status>: <body text or status text>')`,
 * reads may answer null on 401, and nothing is retried by itself; a POST carries an
 * Idempotency-Key that a retry by the user reuses (below).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The `error` field of a JSON answer, which the server fills with a readable message. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof parsed.error === 'string' && parsed.error ? parsed.error : null;
    } catch {
      return null;
    }
  }
}

/**
 * The page's language as Accept-Language, so the server answers errors in it (it reads this header
 * first, then the `lang` cookie): a French page gets French refusals even without the cookie.
 */
function languageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'Accept-Language': lang } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

/**
 * Idempotency-Keys, one per user action (docs/decisions.md, "Idempotency keys on every create").
 * Every POST carries one unless its caller brings its own (the money commands do). The action is
 * the request itself (method, address and body): while its outcome is unknown (no answer, a 5xx,
 * or an answer with Retry-After, such as the server still running it), the same request sent again
 * (the button pressed again after a network error, the form unchanged, or a double click) reuses
 * the key, and the server answers the first result instead of creating twice. Any other answer
 * settles the action; the next one, even with the same text, gets a new key. Keys live as long as
 * the page: after a reload the form is new, and so is its key.
 */
const unsettledActions = new Map<string, string>();

function fingerprintOf(method: string, url: string, body: string | FormData | undefined): string {
  if (!(body instanceof FormData)) return JSON.stringify([method, url, body ?? null]);
  // A file is the same file when its name, size, type and modification time are.
  const parts = [...body.entries()].map(([name, value]) =>
    typeof value === 'string' ? [name, value] : [name, value.name, value.size, value.type, value.lastModified],
  );
  return JSON.stringify([method, url, parts]);
}

/** The outcome is known: the next press is a new action. */
const settles = (response: Response) => response.status < 500 && !response.headers.has('retry-after');

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/**
 * A JSON body (any value but FormData) goes with its content type; a FormData body (an upload)
 * goes as multipart/form-data with the boundary the browser sets.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const body = data === undefined ? undefined : data instanceof FormData ? data : JSON.stringify(data);
  const headers: Record<string, string> = {
    ...languageHeader(),
    ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
    ...extraHeaders,
  };
  const action =
    method === 'POST' && !hasHeader(extraHeaders, 'idempotency-key') ? fingerprintOf(method, url, body) : null;
  if (action !== null) {
    let key = unsettledActions.get(action);
    if (!key) unsettledActions.set(action, (key = crypto.randomUUID()));
    headers['Idempotency-Key'] = key;
  }
  // A network error leaves the action unsettled: its retry sends the same key.
  const response = await fetch(url, { method, headers, body, credentials: 'include' });
  if (action !== null && settles(response)) unsettledActions.delete(action);
  await throwIfNotOk(response);
  return response;
}

export type On401 = 'throw' | 'returnNull';

/** A read: GET, parsed JSON; with `on401: 'returnNull'` a 401 answers null instead of failing. */
export async function getJson<T>(url: string, options: { on401?: On401 } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', headers: languageHeader() });
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** The server's message for a failed call, else the fallback named for that call (docs/product.md#api). */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
