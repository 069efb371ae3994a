import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getJson, messageOf } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const respond = (status: number, body = '', statusText = '') =>
  fetchMock.mockResolvedValueOnce(new Response(body === '' ? null : body, { status, statusText }));

describe('apiRequest', () => {
  it('sends credentials, and a JSON body with its content type only when there is a payload', async () => {
    respond(200, '{}');
    respond(200, '{}');
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.ca', password: 'x' });
    await apiRequest('PATCH', '/api/notifications/read-all');
    const [withBody, withoutBody] = fetchMock.mock.calls.map(([, init]) => init!);
    expect(withBody).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.ca', password: 'x' }),
    });
    expect(withoutBody).toMatchObject({ method: 'PATCH', credentials: 'include', headers: {}, body: undefined });
  });

  it('asks for answers in the page’s language (the server writes its errors in it)', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'fr-CA' } });
    try {
      respond(200, '{}');
      respond(200, '{}');
      await apiRequest('POST', '/api/forum/posts', { title: 'x' });
      await getJson('/api/forum/posts');
      for (const [, init] of fetchMock.mock.calls) {
        expect(init!.headers).toMatchObject({ 'Accept-Language': 'fr-CA' });
      }
    } finally {
      vi.stubGlobal('document', undefined);
    }
  });

  it('turns a non-2xx answer into "<status>: <body text>"', async () => {
    respond(409, '{"error":"An account with this email address already exists."}', 'Conflict');
    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"error":"An account with this email address already exists."}');
    expect((error as ApiError).serverMessage).toBe('An account with this email address already exists.');
  });

  it('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('does not retry a failed call', async () => {
    respond(500, 'boom');
    await expect(apiRequest('POST', '/api/x', {})).rejects.toThrow('500: boom');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('Idempotency-Key: one per user action', () => {
  const keyOf = (call: number) =>
    (fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)['Idempotency-Key'];
  const networkError = () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const respondWith = (status: number, headers: Record<string, string> = {}) =>
    fetchMock.mockResolvedValueOnce(new Response('{}', { status, headers }));
  // A body no other test sends: the client remembers unsettled actions for the page's life.
  const post = (text: string) => apiRequest('POST', '/api/forum/posts', { title: text }).catch(() => null);

  it('sends a new UUID with every POST, none with other methods, and the key a caller brings as it is', async () => {
    respondWith(201);
    respondWith(201);
    respondWith(200);
    respondWith(200);
    await post('first');
    await post('second');
    await apiRequest('PUT', '/api/x', {});
    // The money pages make their own key per attempt.
    await apiRequest('POST', '/api/escrows/j1/fund', {}, { 'Idempotency-Key': 'attempt-1' });
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
    expect(keyOf(3)).toBe('attempt-1');
  });

  it('sends the same key again when the same action is retried after a network error, a 5xx or a "retry later"', async () => {
    networkError();
    respondWith(502);
    respondWith(409, { 'Retry-After': '1' });
    respondWith(429, { 'Retry-After': '30' });
    respondWith(201);
    for (let i = 0; i < 5; i++) await post('retried');
    expect(keyOf(0)).toBeTruthy();
    expect(new Set([0, 1, 2, 3, 4].map(keyOf)).size).toBe(1);
  });

  it('settles the action on an answer: pressing again, even with the same text, is a new action', async () => {
    respondWith(201);
    respondWith(201);
    respondWith(400);
    respondWith(400);
    await post('twice on purpose');
    await post('twice on purpose');
    await post('refused');
    await post('refused');
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(3)).not.toBe(keyOf(2));
  });

  it('gives a changed form a new key, while the unchanged one keeps its own', async () => {
    networkError();
    networkError();
    respondWith(201);
    await post('draft one');
    await post('draft two');
    await post('draft one');
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
  });

  it('tells uploads apart by their files, and keeps the key of the same files', async () => {
    const form = (bytes: string) => {
      const data = new FormData();
      data.append('caption', 'The crack by the tub');
      data.append('file', new File([bytes], 'crack.png', { type: 'image/png', lastModified: 1 }));
      return data;
    };
    networkError();
    networkError();
    respondWith(201);
    for (const bytes of ['png', 'png!', 'png']) {
      await apiRequest('POST', '/api/disputes/d1/evidence', form(bytes)).catch(() => null);
    }
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    // A FormData body goes as it is: the browser sets the multipart content type.
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeInstanceOf(FormData);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});

describe('getJson', () => {
  it('parses JSON and sends credentials', async () => {
    respond(200, '{"count":3}');
    expect(await getJson('/api/notifications/unread-count')).toEqual({ count: 3 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('answers null on 401 only when asked to', async () => {
    respond(401, '{"error":"Not signed in"}', 'Unauthorized');
    expect(await getJson('/api/auth/me', { on401: 'returnNull' })).toBeNull();
    respond(401, '{"error":"Not signed in"}', 'Unauthorized');
    await expect(getJson('/api/auth/me')).rejects.toThrow('401: {"error":"Not signed in"}');
  });
});

describe('messageOf', () => {
  it("prefers the server's error text, else the fallback", () => {
    expect(messageOf(new ApiError(401, '{"error":"Invalid email or password"}', ''), 'Login failed')).toBe(
      'Invalid email or password',
    );
    expect(messageOf(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(messageOf(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });
});
