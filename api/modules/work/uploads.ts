import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTOS_PER_UPLOAD, UPLOAD_ID_PATTERN } from '../../../shared/domain/work/rules.ts';
import { NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../../shared/errors.ts';
import { createLocalFileStorage } from '../../../shared/storage/file-storage.ts';
import {
  tooLargeMessage,
  unreadableMessage,
  UPLOAD_REFUSALS,
  WORK_PHOTO_LIMITS,
} from '../../../shared/uploads/file-types.ts';
import { multipartRefusal, storeUpload } from '../../../shared/uploads/upload-stream.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { claimIdempotencyKeyAfterStoring, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

/** 5 MB per photo. */
export const PHOTO_MAX_BYTES = WORK_PHOTO_LIMITS.photo;

export const UPLOAD_MESSAGES = {
  noFile: 'Choose at least one photo to upload',
  tooMany: `Upload at most ${PHOTOS_PER_UPLOAD} photos at a time`,
  tooLarge: tooLargeMessage('photo', PHOTO_MAX_BYTES),
  type: UPLOAD_REFUSALS['type:workPhoto'],
  unreadable: unreadableMessage('photo'),
  notMultipart: 'Send the photos as multipart/form-data',
} as const;

const photoTypes = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
type PhotoExtension = keyof typeof photoTypes;

export { UPLOAD_ID_PATTERN };

export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** Whether every id names a stored upload. */
export async function uploadsExist(dataDir: string, ids: readonly string[]): Promise<boolean> {
  const found = await Promise.all(
    ids.map((id) =>
      UPLOAD_ID_PATTERN.test(id)
        ? stat(path.join(uploadsDir(dataDir), id)).then(
            (s) => s.isFile(),
            () => false,
          )
        : false,
    ),
  );
  return found.every(Boolean);
}

export const photoUrl = (id: string) => `/api/uploads/${id}`;

const uploadParams = z.strictObject({
  id: z.string().regex(UPLOAD_ID_PATTERN, { error: 'The photo id is not valid' }),
});

/**
 * Work-order photos. Files are not events: the bytes live under DATA_DIR/uploads with a random,
 * unguessable id, and a work order's events reference those ids. Uploading needs a signed-in
 * customer or contractor; reading is by id (the id is the capability), cached for a year since a
 * stored file never changes. Each photo streams to disk through the local file-storage adapter
 * (key `uploads/<id>`, the same path), checked and size-limited on the way.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = uploadsDir(app.config.DATA_DIR);
  await mkdir(dir, { recursive: true });
  const storage = createLocalFileStorage(app.config.DATA_DIR);
  await app.register(fastifyMultipart, {
    // One byte above the limit: the upload's SizeLimit refuses first, naming photos and their limit.
    limits: { fileSize: PHOTO_MAX_BYTES + 1, files: PHOTOS_PER_UPLOAD, fields: 0, parts: PHOTOS_PER_UPLOAD },
  });

  app.post(
    '/api/uploads/photos',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['work-orders'],
        summary: 'Upload photos (JPEG, PNG or WebP, at most 5 MB each)',
        description: `multipart/form-data with up to ${PHOTOS_PER_UPLOAD} file parts. The type is read from the bytes and each must be a readable image (415 otherwise); each streams to disk, and one over 5 MB is refused (413) as soon as it passes the limit. Answers the ids to put in a work order's photos.`,
        consumes: ['multipart/form-data'],
        headers: optionalIdempotencyHeader,
        response: {
          201: z.object({ photos: z.array(z.object({ id: z.string(), url: z.string() })) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          413: errorSchema,
          415: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError(UPLOAD_MESSAGES.notMultipart);
      const stored: string[] = [];
      const hashes: string[] = [];
      const removeStored = () => Promise.all(stored.map((id) => storage.delete(`uploads/${id}`).catch(() => {})));
      try {
        for await (const part of request.files()) {
          // The browser's claim and the file's name do not count, only the bytes.
          const photo = await storeUpload(part.file, {
            storage,
            limits: WORK_PHOTO_LIMITS,
            keyFor: (type) => `uploads/${randomUUID()}.${type.extension}`,
            typeMessage: UPLOAD_MESSAGES.type,
          });
          if (!photo) throw new UnsupportedMediaTypeError(UPLOAD_MESSAGES.type);
          stored.push(path.basename(photo.storageKey));
          hashes.push(photo.sha256);
        }
      } catch (error) {
        // Nothing half-done: a refused request keeps none of its files.
        await removeStored();
        throw multipartRefusal(error, {
          tooLarge: UPLOAD_MESSAGES.tooLarge,
          tooManyFiles: UPLOAD_MESSAGES.tooMany,
          fields: 'Send only photo files',
          notMultipart: UPLOAD_MESSAGES.notMultipart,
        });
      }
      if (stored.length === 0) throw new ValidationError(UPLOAD_MESSAGES.noFile);
      // A retry with the same Idempotency-Key gets the first answer's ids; its own copies go.
      if (await claimIdempotencyKeyAfterStoring(request, reply, hashes, removeStored)) return reply;
      return reply.code(201).send({ photos: stored.map((id) => ({ id, url: photoUrl(id) })) });
    },
  );

  app.get(
    '/api/uploads/:id',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'A stored photo',
        params: uploadParams,
        response: { 200: z.any().describe('The image, as JPEG, PNG or WebP'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const file = path.join(dir, id);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new NotFoundError('This photo was not found');
      const extension = id.slice(id.lastIndexOf('.') + 1) as PhotoExtension;
      return reply
        .header('content-type', photoTypes[extension])
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
};
