import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { parseAbuseLimitMessage } from '../shared/abuse-limits.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';

/**
 * Property-based fuzzing of the whole HTTP surface: FUZZ_RUNS (default 10,000) malformed or hostile
 * requests, spread over every operation of the OpenAPI document and four callers (visitor, customer,
 * contractor, admin). Each answer must be a success or a 4xx whose JSON body has an `error` text;
 * never a 5xx, never a polluted Object.prototype. FUZZ_SEED replays a run (the seed is in the
 * failure message).
 *
 * Bodies follow each route's documented fields often enough to get past "unknown field" and reach
 * the handlers, with hostile values: wrong types, huge strings, unicode (emoji, right-to-left
 * marks, lone surrogates, NUL), injection text, prototype-pollution keys, bad ids and dates.
 */

/** The part of JSON Schema the OpenAPI document uses. */
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema }[];
  body: Schema | null;
};

/** Routes that hold the connection open, end the caller's session or change who the caller is. */
const SKIPPED = new Set([
  'GET /api/notifications/stream',
  'GET /api/conversations/stream',
  'POST /api/auth/logout',
  'POST /api/auth/switch-user',
  'DELETE /api/auth/account',
]);

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(0, 2 ** 31 - 1);

let t: TestApp;
let operations: Operation[];
/**
 * Each caller is a few accounts (each its own browser and address), taken in turn: a real client
 * population, so the fuzzer's valid writes stay under the per-account and per-address abuse limits
 * (shared/abuse-limits.ts) and reach the handlers. More runs, more accounts.
 */
let callers: { label: string; browsers: Browser[] }[];
const ACCOUNTS_PER_CALLER = Math.max(3, Math.ceil(RUNS / 3_000));

beforeAll(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema?: Schema }[];
          requestBody?: { content?: Record<string, { schema?: Schema }> };
        }
      >
    >;
  };
  operations = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
          name: match[1]!,
          schema: operation.parameters?.find((p) => p.in === 'path' && p.name === match[1])?.schema ?? {},
        })),
        queryParams: (operation.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })),
    )
    .filter((operation) => !SKIPPED.has(`${operation.method} ${operation.path}`));

  async function signedInAdmin() {
    const admin = await createAdmin(t.runtime);
    const browser = new Browser(t.app);
    const login = await browser.post('/api/auth/login', {
      email: admin.registration.email,
      password: admin.registration.password,
    });
    if (login.statusCode !== 200) throw new Error(`admin sign-in failed: ${login.body}`);
    return browser;
  }
  const several = (make: () => Promise<Browser>) =>
    Promise.all(Array.from({ length: ACCOUNTS_PER_CALLER }, () => make()));
  callers = [
    { label: 'visitor', browsers: Array.from({ length: ACCOUNTS_PER_CALLER }, () => new Browser(t.app)) },
    { label: 'customer', browsers: await several(async () => (await signUp(t.app, { role: 'customer' })).browser) },
    { label: 'contractor', browsers: await several(async () => (await signUp(t.app, { role: 'contractor' })).browser) },
    { label: 'admin', browsers: await several(signedInAdmin) },
  ];
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Any UTF-16 code unit: lone surrogates and NUL included.
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202Eevil\u202C',
    '🙂🏳️‍🌈👩🏽‍🔧',
    "'; drop table es_events; --",
    "' or '1'='1",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '//evil.example/',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '${7*7}{{7*7}}',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '9007199254740993',
    '0x10',
    'true',
    'null',
    '2031-02-30',
    '2026-13-01T25:61:00Z',
    'A1A 1A1',
    'Z9Z9Z9',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'admin',
    'customer',
    'contractor',
    ...POLLUTION_KEYS,
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'é'.repeat(n)),
  fc.uuid().map(String),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, -0, 2 ** 53, -(2 ** 31), 1e308),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...POLLUTION_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/**
 * Text that fits a string field's length but not its spirit: NUL, lone surrogates, markup,
 * injection, right-to-left marks. Most requests must pass validation to test the handlers.
 */
function fittingText(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 300, 300);
  const fit = (text: string) => (text.length >= min ? text.slice(0, max) : text.padEnd(min, 'x'));
  const nasty = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF', '\r\n', '<script>', "'", '\\', '🙂');
  return fc.oneof(
    fc.string({ unit: 'binary', minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).map(fit),
    hostileText.map(fit),
    // Ordinary text with one nasty character or fragment somewhere in it.
    fc
      .tuple(fc.string({ minLength: min, maxLength: max }), nasty, fc.nat())
      .map(([text, inserted, at]) =>
        fit(text.slice(0, at % (text.length + 1)) + inserted + text.slice(at % (text.length + 1))),
      ),
  );
}

/** A value the schema accepts, with hostile text in its strings (patterns and formats kept). */
function fromSchema(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return fc.uuid().map(String);
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
        return fittingText(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (depth > 4) return fc.constant([]);
        return fc.array(fromSchema(schema.items ?? {}, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object': {
        if (depth > 4) return fc.constant({});
        const properties = schema.properties ?? {};
        return fc.record(
          Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, fromSchema(child, depth + 1)])),
          { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
        );
      }
      default:
        return hostileValue;
    }
  })();
  return schema.nullable ? fc.option(value, { freq: 5 }) : value;
}

/** An object's JSON text with extra members appended as written (an own `__proto__` survives). */
function withMembers(value: unknown, extra: [string, unknown][]): string {
  const text = JSON.stringify(value) ?? 'null';
  if (extra.length === 0 || !value || typeof value !== 'object' || Array.isArray(value)) return text;
  const members = extra.map(([key, member]) => `${JSON.stringify(key)}:${JSON.stringify(member) ?? 'null'}`);
  return text === '{}' ? `{${members.join(',')}}` : `${text.slice(0, -1)},${members.join(',')}}`;
}

/** The body as the text on the wire, with its content type; null for none. */
function bodyFor(operation: Operation) {
  const schema = operation.body ?? { type: 'object', properties: {} };
  const fields = Object.keys(schema.properties ?? {});
  const json = (text: string) => ({ text, type: 'application/json' });
  const pollution = fc.tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constant({ polluted: 'yes', isAdmin: true }));
  return fc.oneof(
    // As documented, hostile text in every string.
    { weight: 4, arbitrary: fromSchema(schema).map((value) => json(JSON.stringify(value))) },
    // As documented but for one field of the wrong type or shape, maybe with a pollution key.
    {
      weight: 3,
      arbitrary: fc
        .tuple(fromSchema(schema), fields.length ? fc.constantFrom(...fields) : fc.constant('x'), hostileValue)
        .chain(([value, field, wrong]) =>
          fc.option(pollution).map((extra) => {
            const replaced = value && typeof value === 'object' ? { ...value, [field]: wrong } : value;
            return json(withMembers(replaced, extra ? [extra] : []));
          }),
        ),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => json(JSON.stringify(value) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        json('{"a":'),
        json(''),
        json('[]'.repeat(5000)),
        json('['.repeat(20_000) + ']'.repeat(20_000)),
        json(`{"text":"${'a'.repeat(2_000_000)}"}`),
        { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
        { text: '<xml/>', type: 'text/xml' },
        { text: 'plain words', type: 'text/plain' },
      ),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** Percent-encodes a path segment; a lone surrogate goes out as its (invalid) UTF-8 bytes. */
function encodeSegment(text: string): string {
  return [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
      }
      return encodeURIComponent(char);
    })
    .join('');
}

function requestFor(operation: Operation) {
  const params = fc.tuple(
    ...operation.pathParams.map(({ schema }) =>
      fc.oneof(
        { weight: 3, arbitrary: fromSchema(schema).map(String) },
        { weight: 1, arbitrary: hostileText.filter((text) => text.length > 0 && text.length < 2_000) },
        { weight: 1, arbitrary: fc.integer().map(String) },
      ),
    ),
  );
  const documented = operation.queryParams.map(({ name, schema }) =>
    fc.tuple(fc.constant(name), fc.oneof(fromSchema(schema), hostileText)),
  );
  const query = fc
    .tuple(
      documented.length ? fc.subarray(documented).chain((chosen) => fc.tuple(...chosen)) : fc.constant([]),
      fc.array(fc.tuple(fc.constantFrom(...POLLUTION_KEYS, 'limit', 'q'), hostileText), { maxLength: 2 }),
    )
    .map(([known, extra]) =>
      [...(known as [string, unknown][]), ...extra]
        .filter(([, value]) => value !== null && String(value).length < 5_000)
        .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(String(value))}`)
        .join('&'),
    );
  const body = operation.method === 'GET' ? fc.constant(null) : bodyFor(operation);
  return fc.record({ caller: fc.integer({ min: 0, max: 3 }), params, query, body });
}

describe('fuzzing every route of the OpenAPI document', { timeout: 900_000 }, () => {
  it('finds the routes and their documented fields', () => {
    expect(operations.length).toBeGreaterThan(100);
    const workOrders = operations.find((o) => o.method === 'POST' && o.path === '/api/work-orders');
    expect(Object.keys(workOrders?.body?.properties ?? {})).toContain('title');
  });

  it(`answers ${RUNS} hostile requests without a 5xx, every 4xx with an error text (seed ${SEED})`, async () => {
    const failures: string[] = [];
    const limited: string[] = [];
    const statuses = new Map<number, number>();
    let turn = 0;
    const perOperation = fc
      .constantFrom(...operations)
      .chain((operation) => requestFor(operation).map((request) => ({ operation, ...request })));
    await fc.assert(
      fc.asyncProperty(perOperation, async ({ operation, caller, params, query, body }) => {
        let index = 0;
        const path = operation.path.replace(/\{\w+\}/g, () => encodeSegment(params[index++] as string));
        const url = query ? `${path}?${query}` : path;
        const { label, browsers } = callers[caller]!;
        const browser = browsers[turn++ % browsers.length]!;
        const response = await browser.request(
          operation.method,
          url,
          body === null ? undefined : body.text,
          body === null ? {} : { 'content-type': body.type },
        );
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = () =>
          `${label} ${operation.method} ${url.slice(0, 200)} ${body ? body.text.slice(0, 200) : ''} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) {
          failures.push(where());
        } else if (response.statusCode >= 400) {
          let error: unknown;
          try {
            error = (JSON.parse(response.body) as { error?: unknown }).error;
          } catch {
            error = undefined;
          }
          if (typeof error !== 'string' || error.trim() === '') failures.push(`${where()} (no error text)`);
          else if (response.statusCode === 429 && parseAbuseLimitMessage(error)) limited.push(where());
        }
        // Collect rather than stop at the first: one run shows every kind of failure.
        return true;
      }),
      { numRuns: RUNS, seed: SEED },
    );

    // Nothing reached the prototype of every object in the process.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(failures.slice(0, 25), `seed ${SEED}, ${failures.length} failures`).toEqual([]);
    // An abuse limit would stop a route's requests short of its handler: more accounts, then.
    expect(limited.slice(0, 5), `seed ${SEED}: raise ACCOUNTS_PER_CALLER`).toEqual([]);
    // The requests reached the handlers, not only the validators: some succeeded.
    const successes = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(successes, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(RUNS / 50);
  });

  it('still serves the callers afterwards (no poisoned session or cache)', async () => {
    for (const { label, browsers } of callers) {
      for (const browser of browsers) {
        const me = await browser.get('/api/auth/me');
        expect(me.statusCode, label).toBe(label === 'visitor' ? 401 : 200);
      }
    }
    expect((await callers[1]!.browsers[0]!.get(`/api/work-orders/${randomUUID()}`)).statusCode).toBe(404);
  });
});
