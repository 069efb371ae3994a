import { fromBuffer } from 'strtok3';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_ONLY_WEBM,
  FAKE_MP4,
  FAKE_WEBM,
  JPEG,
  MOV,
  MP4,
  PDF,
  PNG,
  WEBM,
  WEBP,
} from '../../tests/support/uploads.ts';
import { contentCheckFor, IMAGE_PROBE_BYTES, withReadBudget } from './content-checks.ts';
import { FILE_TYPES, type AcceptedContentType } from './file-types.ts';

/** Feeds the bytes to the check of `contentType` in chunks, as an upload would. */
async function check(contentType: AcceptedContentType, bytes: Buffer, chunkSize = 512): Promise<void> {
  const checker = contentCheckFor(FILE_TYPES[contentType]);
  try {
    for (let at = 0; at < bytes.length; at += chunkSize) await checker.write(bytes.subarray(at, at + chunkSize));
    await checker.end(bytes.length);
  } finally {
    checker.abort();
  }
}

const unreadable = { statusCode: 415 };

/** The WebM with Matroska's DocType in place of WebM's: the same EBML, another format. */
function matroskaOf(webm: Buffer): Buffer {
  const docType = webm.indexOf('webm');
  const header = Buffer.from(webm.subarray(0, docType - 1));
  header[4] = header[4]! + 4; // the EBML header's size: four bytes longer
  return Buffer.concat([header, Buffer.from([0x88]), Buffer.from('matroska'), webm.subarray(docType + 4)]);
}

describe('content checks', () => {
  it('accept real photos, videos and PDFs', async () => {
    await check('image/png', PNG);
    await check('image/jpeg', JPEG, 7);
    await check('image/webp', WEBP);
    await check('video/mp4', MP4);
    await check('video/quicktime', MOV);
    await check('video/webm', WEBM, 100);
    await check('application/pdf', PDF);
  });

  it('refuse a video signature followed by anything else', async () => {
    await expect(check('video/webm', FAKE_WEBM)).rejects.toMatchObject(unreadable);
    await expect(check('video/mp4', FAKE_MP4)).rejects.toMatchObject(unreadable);
    // An MP4 cut before its moov box (written after the frames): no video track was seen.
    await expect(check('video/mp4', MP4.subarray(0, MP4.length - 200))).rejects.toMatchObject(unreadable);
  });

  it('refuse a WebM without a video track, and a Matroska file sent as WebM', async () => {
    await expect(check('video/webm', matroskaOf(WEBM))).rejects.toMatchObject(unreadable);
    await expect(check('video/webm', AUDIO_ONLY_WEBM)).rejects.toMatchObject(unreadable);
  });

  it('refuse a photo whose dimensions no decoder can read within the probe', async () => {
    await expect(check('image/png', Buffer.concat([PNG.subarray(0, 12), Buffer.alloc(100, 7)]))).rejects.toMatchObject(
      unreadable,
    );
    // A JPEG signature then only filler: refused once the probe is full, before the file ends.
    const filler = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(IMAGE_PROBE_BYTES + 64 * 1024, 1)]);
    const checker = contentCheckFor(FILE_TYPES['image/jpeg']);
    expect(() => {
      for (let at = 0; at < filler.length; at += 64 * 1024) void checker.write(filler.subarray(at, at + 64 * 1024));
    }).toThrow();
  });

  it('refuse a PDF without its trailer, or whose trailer points outside the file', async () => {
    await expect(check('application/pdf', PDF.subarray(0, PDF.length - 20))).rejects.toMatchObject(unreadable);
    const pointsOutside = Buffer.from(PDF.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1');
    await expect(check('application/pdf', pointsOutside)).rejects.toMatchObject(unreadable);
    await expect(check('application/pdf', Buffer.from('%PDF-x.y\nstartxref\n10\n%%EOF\n'))).rejects.toMatchObject(
      unreadable,
    );
  });
});

describe('withReadBudget', () => {
  it('counts what the parser reads, not what it skips, and fails past the budget', async () => {
    const tokenizer = withReadBudget(fromBuffer(new Uint8Array(10_000)), 1000);
    await tokenizer.readBuffer(new Uint8Array(600));
    await tokenizer.ignore(5000);
    await expect(tokenizer.readBuffer(new Uint8Array(600))).rejects.toThrow(RangeError);
  });
});
