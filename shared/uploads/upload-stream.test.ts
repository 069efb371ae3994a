import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline, Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MP4, PDF, PNG, WEBM } from '../../tests/support/uploads.ts';
import { PayloadTooLargeError } from '../errors.ts';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage.ts';
import { EVIDENCE_LIMITS, MB } from './file-types.ts';
import { readHead, SizeLimit, storeUpload } from './upload-stream.ts';

const pipe = promisify(pipeline);
const KB = 1024;

/** `count` chunks of `size` bytes, counting how many were pulled from it. */
function source(size: number, count = Number.POSITIVE_INFINITY) {
  const pulled = { chunks: 0 };
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        pulled.chunks += 1;
        yield Buffer.alloc(size, i % 256);
      }
    })(),
    { objectMode: false, highWaterMark: size },
  );
  return { stream, pulled };
}

/** A sink that counts what reaches it. */
function counter() {
  const seen = { bytes: 0 };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      seen.bytes += chunk.length;
      callback();
    },
  });
  return { sink, seen };
}

const chunked = (bytes: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
    { objectMode: false },
  );

describe('SizeLimit', () => {
  const tooLarge = () => new PayloadTooLargeError('too large');

  it('lets a stream of exactly the limit through, and counts it', async () => {
    const { stream } = source(64 * KB, 16);
    const limit = new SizeLimit(MB, tooLarge);
    const { sink, seen } = counter();
    await pipe(stream, limit, sink);
    expect(limit.sizeBytes).toBe(MB);
    expect(seen.bytes).toBe(MB);
  });

  it('fails at the first byte past the limit, passes none of the chunk that crossed it, and stops reading', async () => {
    // An endless source: the limit is what ends it.
    const { stream, pulled } = source(64 * KB);
    const limit = new SizeLimit(MB + 1, tooLarge);
    const { sink, seen } = counter();
    await expect(pipe(stream, limit, sink)).rejects.toThrow(PayloadTooLargeError);
    expect(seen.bytes).toBe(MB);
    // The 17th chunk crossed the limit; a few more may sit in the streams' buffers, no more.
    expect(pulled.chunks).toBeLessThan(17 + 4);
  });
});

describe('readHead', () => {
  it('reads the first bytes across chunks and gives back the whole stream', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const { head, whole } = await readHead(chunked(bytes, 3), 12);
    expect(head.toString()).toBe('0123456789ab');
    expect(Buffer.concat(await whole.toArray()).equals(bytes)).toBe(true);
  });

  it('answers a shorter head when the stream ends first', async () => {
    const { head, whole } = await readHead(chunked(Buffer.from('abc'), 2), 12);
    expect(head.toString()).toBe('abc');
    expect(Buffer.concat(await whole.toArray()).toString()).toBe('abc');
  });
});

describe('storeUpload', () => {
  let dir: string;
  let storage: FileStorage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-upload-'));
    storage = createLocalFileStorage(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const store = (stream: Readable) =>
    storeUpload(stream, {
      storage,
      limits: EVIDENCE_LIMITS,
      keyFor: (type) => `evidence/one.${type.extension}`,
      typeMessage: 'not taken',
    });
  const filesIn = () => readdir(path.join(dir, 'evidence')).catch(() => []);

  it('streams a file into storage with its type, size and SHA-256', async () => {
    const stored = await store(chunked(MP4, 100));
    expect(stored).toMatchObject({ storageKey: 'evidence/one.mp4', sizeBytes: MP4.length });
    expect(stored!.type.contentType).toBe('video/mp4');
    expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(path.join(dir, 'evidence', 'one.mp4'))).equals(MP4)).toBe(true);
  });

  it('refuses a file over the limit of its kind by the kind and limit, and leaves no partial file', async () => {
    const overPdf = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(EVIDENCE_LIMITS.document, 0x20)]);
    await expect(store(chunked(overPdf, 64 * KB))).rejects.toMatchObject({
      statusCode: 413,
      message: 'PDF documents can be at most 10 MB.',
    });
    const overPhoto = Buffer.concat([PNG, Buffer.alloc(EVIDENCE_LIMITS.photo)]);
    await expect(store(chunked(overPhoto, 64 * KB))).rejects.toMatchObject({
      message: 'Photos can be at most 10 MB.',
    });
    expect(await filesIn()).toEqual([]);
  });

  it('refuses a file that is not what its first bytes say, and leaves nothing', async () => {
    const fake = Buffer.concat([WEBM.subarray(0, 40), Buffer.alloc(256 * KB)]);
    await expect(store(chunked(fake, 16 * KB))).rejects.toMatchObject({ statusCode: 415 });
    await expect(store(chunked(Buffer.from('plain text, not a file type'), 8))).rejects.toMatchObject({
      statusCode: 415,
      message: 'not taken',
    });
    expect(await filesIn()).toEqual([]);
  });

  it('refuses a file whose request broke off as bad input (400), and leaves nothing', async () => {
    const broken = Readable.from(
      (function* () {
        yield MP4.subarray(0, 1000);
        throw new Error('Part terminated early due to unexpected end of multipart data');
      })(),
      { objectMode: false },
    );
    await expect(store(broken)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The upload was cut short before the end of the file. Please send it again.',
    });
    expect(await filesIn()).toEqual([]);
  });

  it('answers null for an empty file', async () => {
    expect(await store(Readable.from([], { objectMode: false }))).toBeNull();
  });
});
