import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { analyseDispute } from '../domain/disputes/analysis.ts';
import { createDisputeNarrator, noNarrator, type NarrativeRequest } from './dispute-narrator.ts';

const { narrative: _none, ...analysis } = analyseDispute({
  amountCents: 80_000,
  reason: 'poor-quality',
  workMarkedComplete: true,
  evidence: { customer: [{ kind: 'photo' }], contractor: [] },
});
const request: NarrativeRequest = {
  reason: 'poor-quality',
  amountCents: 80_000,
  statements: { customer: ['The tiles are cracked.'], contractor: [] },
  analysis,
};

let server: Server | null = null;

/** A stand-in OpenAI-compatible endpoint on loopback. */
async function endpoint(handle: (body: unknown, req: IncomingMessage) => { status: number; body: unknown } | 'hang') {
  const received: unknown[] = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as unknown;
      received.push({ url: req.url, auth: req.headers.authorization, body });
      const answer = handle(body, req);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, received };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

/** A short timeout for the cases that must give up; a loaded CI machine can take longer than that to answer. */
const config = (url?: string, timeoutMs = 300) => ({
  AI_BASE_URL: url,
  AI_API_KEY: 'k-123',
  AI_MODEL: 'test-model',
  AI_TIMEOUT_MS: timeoutMs,
});

describe('createDisputeNarrator', () => {
  it('is off without AI_BASE_URL', async () => {
    expect(createDisputeNarrator(config())).toBe(noNarrator);
    expect(await noNarrator(request)).toBeNull();
  });

  it('asks the chat-completions endpoint with the case’s numbers and no personal data, and keeps its text', async () => {
    const { url, received } = await endpoint(() => ({
      status: 200,
      body: { choices: [{ message: { content: '  The customer reports cracked tiles.  ' } }] },
    }));
    expect(await createDisputeNarrator(config(url, 10_000))(request)).toBe('The customer reports cracked tiles.');
    const call = received[0] as { url: string; auth: string; body: { model: string; messages: { content: string }[] } };
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer k-123');
    expect(call.body.model).toBe('test-model');
    expect(JSON.parse(call.body.messages[1]!.content)).toEqual(JSON.parse(JSON.stringify(request)));
  });

  it('gives null, never an error, when the endpoint fails, answers nonsense or is too slow', async () => {
    const errors: unknown[] = [];
    const logger = { error: (obj: object) => errors.push(obj) };
    const failing = await endpoint(() => ({ status: 500, body: { error: 'down' } }));
    expect(await createDisputeNarrator(config(failing.url), logger)(request)).toBeNull();
    server!.close();
    const empty = await endpoint(() => ({ status: 200, body: { choices: [] } }));
    expect(await createDisputeNarrator(config(empty.url), logger)(request)).toBeNull();
    server!.close();
    const slow = await endpoint(() => 'hang');
    const started = Date.now();
    expect(await createDisputeNarrator(config(slow.url), logger)(request)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(errors).toHaveLength(3);
    expect(await createDisputeNarrator(config('http://127.0.0.1:9/v1'), logger)(request)).toBeNull();
  });
});
