import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageFolder, assertStorageKey, STORAGE_KEY_PATTERN, type FileStorage } from './file-storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Ceph, R2…); unset for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** A folder inside the bucket, e.g. `marketplace/`. */
  prefix?: string;
};

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** S3's smallest part: a stream is sent 5 MB at a time, so an upload holds about that much. */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/**
 * The file-storage port on an S3-compatible object store. A key is written once: the put is
 * conditional (`If-None-Match: *`), so a second write of the same key is refused by the store
 * itself, as the local adapter's exclusive create does. A stream goes through lib-storage's
 * Upload: up to one part, a single conditional PutObject once the stream has ended; past it, a
 * multipart upload one part at a time whose completion carries the same condition. Nothing is
 * visible under the key before the stream has ended cleanly; a stream that fails aborts the
 * multipart upload, so its parts are not kept either.
 */
export function createS3FileStorage(options: S3StorageOptions, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const upload = new Upload({
        client: s3,
        params: { Bucket: options.bucket, Key: objectKey(key), Body: body, ContentType: contentType, IfNoneMatch: '*' },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        // The SDK's Node HTTP handler answers a Readable; a browser-style handler would not stream here.
        if (!(object.Body instanceof Readable)) throw new Error('The S3 client must use its Node HTTP handler');
        return { body: object.Body, sizeBytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
    async list(folder) {
      assertStorageFolder(folder);
      const prefix = `${options.prefix ?? ''}${folder}`;
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice((options.prefix ?? '').length);
          if (key && STORAGE_KEY_PATTERN.test(key)) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
