import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Browser } from './http-client.ts';

/** The smallest files whose bytes read as each accepted image type. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(28, 2),
]);

export type UploadFile = { name: string; type: string; bytes: Buffer };

function multipart(files: UploadFile[], field: string) {
  const boundary = `----test${randomUUID()}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST files as multipart/form-data with the browser's cookies (null: as a visitor). */
export async function uploadFiles(
  app: FastifyInstance,
  browser: Browser | null,
  url: string,
  files: UploadFile[],
  field = 'photos',
) {
  const { payload, contentType } = multipart(files, field);
  const cookie = browser ? [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

export const uploadPhotos = (app: FastifyInstance, browser: Browser | null, files: UploadFile[]) =>
  uploadFiles(app, browser, '/api/uploads/photos', files);

/** `n` PNG photos uploaded by `browser`: their ids, ready for a work order. */
export async function photoIds(app: FastifyInstance, browser: Browser, n: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < n) {
    const batch = Math.min(10, n - ids.length);
    const files = Array.from({ length: batch }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: PNG }));
    const response = await uploadPhotos(app, browser, files);
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    ids.push(...(response.json() as { photos: { id: string }[] }).photos.map((p) => p.id));
  }
  return ids;
}
