import { canonicalEvent, type HashedEvent } from '../eventstore/hash-chain.ts';

/**
 * An event's RFC 8785 canonical JSON, the exact text `canonicalEvent` (shared/eventstore/
 * hash-chain.ts, through the `canonicalize` package) makes, with less work and garbage for what an
 * event store hands back: verifying the audit log canonicalizes every audited event, a million in
 * a log of a million (the package's general walk, with its cycle and toJSON bookkeeping, was a
 * third of that verification's time; this path takes 10–20 % less of the whole).
 *
 * Only plain JSON takes this path: plain objects and arrays, strings without lone surrogates,
 * finite numbers, booleans and null, nested at most MAX_DEPTH deep (what JSON.parse makes). It
 * writes them as the package does: keys sorted by UTF-16 code units, each string and number as
 * JSON.stringify writes it. Anything else (a Date or any toJSON, undefined, a function, a lone
 * surrogate, NaN, a sparse array, a cycle…) sends the whole event to `canonicalEvent`, so the
 * answer, or the error, is its. Strings that need no escaping are quoted directly, and each object
 * shape's key order is sorted once. shared/audit/canonical.test.ts compares the two on arbitrary events.
 */
const MAX_DEPTH = 100;

/** String.prototype.isWellFormed (ES2024, which the project's TypeScript lib predates): no lone surrogate. */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What JSON.stringify would escape in a string, and the surrogates that might be lone. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON.stringify writes it (undefined for a lone surrogate): most strings of an event
 * (ids, codes, times) need no escaping, and quoting them directly saves a call per string.
 */
function quoted(text: string): string | undefined {
  if (!NEEDS_ESCAPING.test(text)) return `"${text}"`;
  return wellFormed(text) ? JSON.stringify(text) : undefined;
}

/**
 * An object's keys in canonical order, with the text written before each value. Events of a type
 * share their few shapes, so the sort is done once per shape: the cache is looked up by the keys
 * joined and checked key by key (two key lists can join to the same text).
 */
type Shape = { own: string[]; sorted: string[]; prefixes: string[] };
const shapes = new Map<string, Shape>();
const MAX_SHAPES = 1_000;

function shapeOf(object: object): Shape | undefined {
  const own = Object.keys(object);
  const joined = own.join('\u0000');
  const cached = shapes.get(joined);
  if (cached && cached.own.length === own.length && cached.own.every((key, i) => key === own[i])) return cached;
  // Default sort: by UTF-16 code units, the order RFC 8785 prescribes.
  const sorted = [...own].sort();
  const prefixes: string[] = [];
  for (const [i, key] of sorted.entries()) {
    const text = quoted(key);
    if (text === undefined) return undefined;
    prefixes.push(i === 0 ? `${text}:` : `,${text}:`);
  }
  const shape = { own, sorted, prefixes };
  if (shapes.size < MAX_SHAPES) shapes.set(joined, shape);
  return shape;
}

/** The canonical text of a plain JSON value, or undefined when the value is not plain JSON. */
function plain(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      // For finite numbers this is ECMAScript's Number-to-String, which RFC 8785 adopts.
      return Number.isFinite(value) ? `${value}` : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Array.prototype) {
    const array = value as unknown[];
    let text = '[';
    for (let i = 0; i < array.length; i++) {
      const item = plain(array[i], depth + 1);
      if (item === undefined) return undefined;
      text += i === 0 ? item : `,${item}`;
    }
    return `${text}]`;
  }
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const shape = shapeOf(value);
  if (!shape) return undefined;
  const object = value as Record<string, unknown>;
  let text = '{';
  for (let i = 0; i < shape.sorted.length; i++) {
    const item = plain(object[shape.sorted[i]!], depth + 1);
    if (item === undefined) return undefined;
    text += shape.prefixes[i]! + item;
  }
  return `${text}}`;
}

/**
 * `canonicalEvent(event)`, the same text: canonicalEvent's object has the keys stream, revision,
 * id, type, data and metadata, which canonical JSON writes sorted: data, id, metadata, revision,
 * stream, type.
 */
export function canonicalEventText(event: HashedEvent): string {
  const revision = plain(event.revision.toString(), 1);
  const data = plain(event.data ?? null, 1);
  const id = plain(event.id, 1);
  const metadata = plain(event.metadata, 1);
  const stream = plain(event.streamId, 1);
  const type = plain(event.type, 1);
  const fields = [revision, data, id, metadata, stream, type];
  if (fields.some((field) => field === undefined)) return canonicalEvent(event);
  return `{"data":${data},"id":${id},"metadata":${metadata},"revision":${revision},"stream":${stream},"type":${type}}`;
}
