/**
 * The one fetch client (spec section 7): credentials on every call, a JSON body and content type
 * only with a payload, a non-2xx answer becomes `ApiError('<status>: <body text or status text>')`,
 * reads may answer null on 401, and nothing is retried.
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

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...extraHeaders },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export type On401 = 'throw' | 'returnNull';

/** A read: GET, parsed JSON; with `on401: 'returnNull'` a 401 answers null instead of failing. */
export async function getJson<T>(url: string, options: { on401?: On401 } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** The server's message for a failed call, else the fallback the spec names for that call. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
