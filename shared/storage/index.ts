import type { Config } from '../config.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createS3FileStorage } from './s3-storage.ts';

/** The file store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
export function openFileStorage(config: Config): FileStorage {
  if (!config.S3_BUCKET) return createLocalFileStorage(config.DATA_DIR);
  return createS3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  });
}
