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
