import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { builtInUpsells } from '../domain/ai/upsells.ts';
import { createUpsellGenerator, parseModelAnswer } from './upsell-provider.ts';

let server: Server | null = null;
async function closeServer() {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
}
afterEach(closeServer);

/** A stand-in OpenAI-compatible endpoint on loopback answering `content` (or a status). */
async function model(answer: { status?: number; content?: string }) {
  await closeServer();
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res
        .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content: answer.content ?? '' } }] }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return createUpsellGenerator({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'm', AI_TIMEOUT_MS: 2000 });
}

const valid = { upsells: [{ name: 'Gutter check', description: 'Gutters cleared each fall.', price: 14.5 }] };
const request = { serviceType: 'yard work', locale: 'en' as const };

describe('a model’s upsell answer', () => {
  it('is accepted only when it passes the schema, fenced or not', () => {
    expect(parseModelAnswer(JSON.stringify(valid))).toEqual(valid.upsells);
    expect(parseModelAnswer('```json\n' + JSON.stringify(valid) + '\n```')).toEqual(valid.upsells);
    expect(parseModelAnswer('{"upsells": []}')).toBeNull();
    expect(parseModelAnswer('{"upsells": [{"name": "x", "description": "y", "price": -3}]}')).toBeNull();
    expect(parseModelAnswer('{"upsells": [{"name": "x", "description": "y", "price": 9.999}]}')).toBeNull();
    expect(parseModelAnswer('{"upsells": [{"name": "x", "description": "y", "price": 5, "admin": true}]}')).toBeNull();
    expect(parseModelAnswer('Here are some ideas: eco products')).toBeNull();
  });

  it('is used when valid; anything else falls back to the built-in suggestions', async () => {
    expect(await (await model({ content: JSON.stringify(valid) }))(request)).toEqual({
      upsells: valid.upsells,
      source: 'model',
    });
    const fallback = { upsells: builtInUpsells('yard work', 'en'), source: 'built-in' };
    expect(await (await model({ content: 'not json' }))(request)).toEqual(fallback);
    expect(await (await model({ status: 500 }))(request)).toEqual(fallback);
  });

  it('is never asked for without AI_BASE_URL', async () => {
    const generate = createUpsellGenerator({ AI_MODEL: 'm', AI_TIMEOUT_MS: 100 });
    expect(await generate({ serviceType: 'tutoring', locale: 'fr' })).toEqual({
      upsells: builtInUpsells('tutoring', 'fr'),
      source: 'built-in',
    });
  });
});
