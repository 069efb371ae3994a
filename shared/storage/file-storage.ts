import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The file-storage port: where uploaded bytes live (dispute evidence). Files are not events: the
 * events name a file by its key and carry its SHA-256, so an auditor can check a file against the
 * history. Local disk under DATA_DIR by default; an S3-compatible store when S3_BUCKET is set.
 */
export type StoredFile = { body: Readable; sizeBytes: number };

export type FileStorage = {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under a new key; a key is written once and never replaced. A stream is
   * written as it arrives, never held whole, and kept only if it ends cleanly: when it fails (an
   * upload over its limit, a file that is not what it claims), put rejects with its error and
   * nothing is left under the key, nor half a file anywhere.
   */
  put(key: string, body: Readable | Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Every key under a folder (`audit/heads/`), in key order. */
  list(folder: string): Promise<string[]>;
};

/** Keys are relative paths of plain segments: letters, digits, '-', '_' and one '.' extension. */
export const STORAGE_KEY_PATTERN = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[a-z0-9]{1,5})?$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.length > 300) throw new RangeError(`not a storage key: ${key}`);
}

/** A folder to list: plain segments, each ending with '/'. */
export function assertStorageFolder(folder: string): void {
  if (!/^(?:[A-Za-z0-9_-]+\/)+$/.test(folder) || folder.length > 300)
    throw new RangeError(`not a storage folder: ${folder}`);
}

export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(base, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and hard-linked into place once complete, so a reader never
      // sees half a file, and a key that exists is refused (EEXIST), never replaced, as a rename
      // would do. The temporary name is not a key (two dots), so nothing lists it as a file.
      const partial = `${file}.partial-${randomUUID()}`;
      try {
        if (body instanceof Uint8Array) await writeFile(partial, body, { flag: 'wx' });
        else await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await link(partial, file);
      } finally {
        await unlink(partial).catch(() => {});
      }
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), sizeBytes: info.size };
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async list(folder) {
      assertStorageFolder(folder);
      const dir = path.join(base, ...folder.split('/').filter(Boolean));
      const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return names
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => STORAGE_KEY_PATTERN.test(key))
        .sort();
    },
  };
}
