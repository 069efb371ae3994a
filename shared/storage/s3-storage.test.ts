import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createS3FileStorage, S3_PART_BYTES } from './s3-storage.ts';

/**
 * The S3 adapter's requests and its reading of the answers, against a mocked client. The same
 * adapter runs the storage contract against a real S3-compatible store when S3_TEST_ENDPOINT is
 * set (tests/file-storage.contract.test.ts).
 */
const s3 = mockClient(S3Client);
const storage = () =>
  createS3FileStorage(
    { bucket: 'evidence', region: 'ca-central-1', prefix: 'app/' },
    new S3Client({ region: 'ca-central-1' }),
  );

beforeEach(() => s3.reset());

describe('createS3FileStorage', () => {
  it('puts once-only (If-None-Match: *) under the prefix, with the content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage().put('disputes/a/one.png', Buffer.from('png'), 'image/png');
    const [call] = s3.commandCalls(PutObjectCommand);
    expect(call!.args[0].input).toMatchObject({
      Bucket: 'evidence',
      Key: 'app/disputes/a/one.png',
      ContentType: 'image/png',
      IfNoneMatch: '*',
    });
  });

  it('lists a folder across pages, without the prefix, in key order', async () => {
    s3.on(ListObjectsV2Command, { ContinuationToken: undefined }).resolves({
      Contents: [{ Key: 'app/audit/heads/2.json' }],
      IsTruncated: true,
      NextContinuationToken: 'next',
    });
    s3.on(ListObjectsV2Command, { ContinuationToken: 'next' }).resolves({
      Contents: [{ Key: 'app/audit/heads/1.json' }],
      IsTruncated: false,
    });
    expect(await storage().list('audit/heads/')).toEqual(['audit/heads/1.json', 'audit/heads/2.json']);
    expect(s3.commandCalls(ListObjectsV2Command)[0]!.args[0].input).toMatchObject({
      Bucket: 'evidence',
      Prefix: 'app/audit/heads/',
    });
  });

  it('reads the body and its size, and answers null for a missing key', async () => {
    s3.on(GetObjectCommand, { Key: 'app/disputes/a/one.png' }).resolves({
      // In Node the SDK answers a Readable (with helper methods this adapter does not use).
      Body: Readable.from([Buffer.from('png')]) as never,
      ContentLength: 3,
    });
    s3.on(GetObjectCommand, { Key: 'app/disputes/a/none.png' }).rejects(
      new NoSuchKey({ message: 'missing', $metadata: { httpStatusCode: 404 } }),
    );
    const file = await storage().get('disputes/a/one.png');
    expect(file?.sizeBytes).toBe(3);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('png');
    expect(await storage().get('disputes/a/none.png')).toBeNull();
  });

  it('passes other failures on, and checks keys before any request', async () => {
    s3.on(GetObjectCommand).rejects(new Error('network down'));
    await expect(storage().get('disputes/a/one.png')).rejects.toThrow('network down');
    await expect(storage().put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(RangeError);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    s3.on(DeleteObjectCommand).resolves({});
    await storage().delete('disputes/a/one.png');
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'evidence',
      Key: 'app/disputes/a/one.png',
    });
  });

  describe('a stream', () => {
    /** `parts` parts' worth of bytes, then (when `failWith` is given) that error. */
    const stream = (bytes: number, failWith?: Error) =>
      Readable.from(
        (function* () {
          const chunk = 1024 * 1024;
          for (let sent = 0; sent < bytes; sent += chunk) yield Buffer.alloc(Math.min(chunk, bytes - sent), 1);
          if (failWith) throw failWith;
        })(),
        { objectMode: false },
      );

    beforeEach(() => {
      s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-1' });
      s3.on(UploadPartCommand).resolves({ ETag: '"part"' });
      s3.on(CompleteMultipartUploadCommand).resolves({});
      s3.on(AbortMultipartUploadCommand).resolves({});
    });

    it('goes up as a multipart upload, one part at a time, completed once-only (If-None-Match: *)', async () => {
      await storage().put('disputes/a/video.mp4', stream(S3_PART_BYTES + 1024), 'video/mp4');
      expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
      expect(s3.commandCalls(UploadPartCommand)).toHaveLength(2);
      const [complete] = s3.commandCalls(CompleteMultipartUploadCommand);
      expect(complete!.args[0].input).toMatchObject({
        Bucket: 'evidence',
        Key: 'app/disputes/a/video.mp4',
        UploadId: 'upload-1',
        IfNoneMatch: '*',
      });
      expect(s3.commandCalls(CreateMultipartUploadCommand)[0]!.args[0].input).toMatchObject({
        ContentType: 'video/mp4',
      });
    });

    it('that fails (an upload over its limit) aborts the multipart upload and completes nothing', async () => {
      const tooLarge = new Error('Videos can be at most 50 MB.');
      await expect(
        storage().put('disputes/a/video.mp4', stream(S3_PART_BYTES + 1024, tooLarge), 'video/mp4'),
      ).rejects.toBe(tooLarge);
      expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
      expect(s3.commandCalls(AbortMultipartUploadCommand)[0]!.args[0].input).toMatchObject({
        Key: 'app/disputes/a/video.mp4',
        UploadId: 'upload-1',
      });
    });

    it('that fails within the first part sends nothing at all', async () => {
      await expect(
        storage().put('disputes/a/photo.png', stream(1024, new Error('refused')), 'image/png'),
      ).rejects.toThrow('refused');
      expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
      expect(s3.commandCalls(CreateMultipartUploadCommand)).toHaveLength(0);
    });
  });
});
