import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from './http-client.ts';

/**
 * Small real files of each accepted type: uploads are checked to parse as what their first bytes
 * say (shared/uploads/content-checks.ts), so a signature followed by filler no longer passes.
 */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** 2 × 2 pixels, written by sharp. */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeACoH/9k=',
  'base64',
);
/** 2 × 2 pixels, written by sharp. */
export const WEBP = Buffer.from(
  'UklGRjQAAABXRUJQVlA4ICgAAACQAQCdASoCAAIAAsBMJaACdLoAA5gA/uC5f1difChBP/Abr4tl8AAA',
  'base64',
);

/** A one-page PDF with its cross-reference table and trailer, the byte offsets computed. */
export const PDF = (() => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
})();

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
/** One second of 32 × 24 video made by ffmpeg: H.264 in MP4 with its `moov` box after the frames, as cameras write it. */
export const MP4 = fixture('tiny.mp4');
/** The same in QuickTime (Motion JPEG). */
export const MOV = fixture('tiny.mov');
/** The same in WebM (VP8). */
export const WEBM = fixture('tiny.webm');
/** A tenth of a second of Opus audio in WebM: a WebM without a video track. */
export const AUDIO_ONLY_WEBM = fixture('audio-only.webm');
/** A WebM's EBML header followed by zeros: the signature of a video, and nothing of one. */
export const FAKE_WEBM = Buffer.concat([WEBM.subarray(0, 40), Buffer.alloc(64 * 1024)]);
/** An MP4's `ftyp` box followed by garbage. */
export const FAKE_MP4 = Buffer.concat([MP4.subarray(0, 32), Buffer.alloc(64 * 1024, 0x41)]);

/** The MP4 grown to `totalBytes` by a `free` box after it (players and parsers skip one). */
export function paddedMp4(totalBytes: number): Buffer {
  const padding = totalBytes - MP4.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  return Buffer.concat([MP4, header, Buffer.alloc(padding - 8)]);
}

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
