import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '../shared/storage/file-storage.ts';
import { createS3FileStorage } from '../shared/storage/s3-storage.ts';

/**
 * One contract for every file-storage adapter: local disk always; an S3-compatible store when
 * S3_TEST_ENDPOINT is set (e.g. MinIO: S3_TEST_ENDPOINT=http://127.0.0.1:9000
 * S3_TEST_ACCESS_KEY_ID=… S3_TEST_SECRET_ACCESS_KEY=…), the way the EventStoreDB contract runs
 * with EVENTSTORE_URL. The bucket is created (or reused) by the suite.
 */
async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

type Adapter = { name: string; open(): Promise<{ storage: FileStorage; close(): Promise<void> }> };

const adapters: Adapter[] = [
  {
    name: 'local disk',
    async open() {
      const dir = await mkdtemp(path.join(tmpdir(), 'file-storage-'));
      return { storage: createLocalFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
];
const endpoint = process.env.S3_TEST_ENDPOINT;
if (endpoint) {
  adapters.push({
    name: `S3 at ${endpoint}`,
    async open() {
      const options = {
        bucket: process.env.S3_TEST_BUCKET ?? 'marketplace-contract-test',
        region: process.env.S3_TEST_REGION ?? 'us-east-1',
        endpoint,
        accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID,
        secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY,
        prefix: `run-${Date.now()}/`,
      };
      const client = new S3Client({
        region: options.region,
        endpoint,
        forcePathStyle: true,
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
      });
      await client.send(new CreateBucketCommand({ Bucket: options.bucket })).catch(() => {});
      return { storage: createS3FileStorage(options, client), close: async () => client.destroy() };
    },
  });
}

for (const adapter of adapters) {
  describe(`file storage contract: ${adapter.name}`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await adapter.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('gives back exactly the bytes it was given, with their size', async () => {
      const bytes = Buffer.from('%PDF-1.7 evidence');
      await storage.put('disputes/a/one.pdf', bytes, 'application/pdf');
      const file = await storage.get('disputes/a/one.pdf');
      expect(file?.sizeBytes).toBe(bytes.length);
      expect((await bytesOf(file!.body)).equals(bytes)).toBe(true);
    });

    it('answers null for a key it does not have', async () => {
      expect(await storage.get('disputes/a/missing.pdf')).toBeNull();
    });

    it('writes a key once: a second put is refused and the first bytes stay', async () => {
      await storage.put('disputes/b/once.png', Buffer.from('first'), 'image/png');
      await expect(storage.put('disputes/b/once.png', Buffer.from('second'), 'image/png')).rejects.toThrow();
      expect((await bytesOf((await storage.get('disputes/b/once.png'))!.body)).toString()).toBe('first');
    });

    it('deletes, and deleting what is not there is fine', async () => {
      await storage.put('disputes/c/gone.png', Buffer.from('x'), 'image/png');
      await storage.delete('disputes/c/gone.png');
      expect(await storage.get('disputes/c/gone.png')).toBeNull();
      await storage.delete('disputes/c/never.png');
    });

    it('refuses a key that could leave its folder before any I/O', async () => {
      for (const bad of ['../x.png', 'a//b.png', '/abs.png', 'a/../b.png', 'a b.png', '']) {
        await expect(storage.put(bad, Buffer.from('x'), 'image/png'), bad).rejects.toThrow(RangeError);
        await expect(storage.get(bad), bad).rejects.toThrow(RangeError);
      }
    });

    it('lists the keys under a folder, in key order, nested ones too, and nothing for an empty folder', async () => {
      const folder = `list-${Date.now()}/`;
      for (const key of ['b.json', 'a.json', 'deeper/c.json']) {
        await storage.put(`${folder}${key}`, Buffer.from('{}'), 'application/json');
      }
      await storage.put(`${folder}x`.replace(/\/x$/, '-sibling/x.json'), Buffer.from('{}'), 'application/json');
      expect(await storage.list(folder)).toEqual([`${folder}a.json`, `${folder}b.json`, `${folder}deeper/c.json`]);
      expect(await storage.list(`none-${Date.now()}/`)).toEqual([]);
      await expect(storage.list('../')).rejects.toThrow(RangeError);
    });

    it('round-trips a 6 MB file', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024, 7);
      await storage.put('disputes/d/big.mp4', big, 'video/mp4');
      const file = await storage.get('disputes/d/big.mp4');
      expect(file?.sizeBytes).toBe(big.length);
      expect((await bytesOf(file!.body)).equals(big)).toBe(true);
    });
  });
}

describe('local disk storage', () => {
  it('writes a stream under a temporary name and removes it when the stream fails', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'file-storage-'));
    try {
      const storage = createLocalFileStorage(dir);
      const failing = Readable.from(
        (function* () {
          yield Buffer.alloc(64 * 1024);
          throw new Error('over the limit');
        })(),
        { objectMode: false },
      );
      await expect(storage.put('disputes/f/cut.webm', failing, 'video/webm')).rejects.toThrow('over the limit');
      expect(await readdir(path.join(dir, 'disputes', 'f'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
