import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { imageSize } from 'image-size';
import { parseFromTokenizer } from 'music-metadata';
import { fromStream, type ITokenizer } from 'strtok3';
import { UnsupportedMediaTypeError } from '../errors.ts';
import { MB, unreadableMessage, type FileType } from './file-types.ts';

/**
 * Whether a file is what its first bytes say, checked while it streams in, holding only what the
 * check needs: the first bytes of a photo, the last bytes of a PDF, a video's container metadata.
 * A check that fails refuses the upload (415), during the upload when it can tell early.
 */
export type ContentCheck = {
  /** Takes the next chunk; a returned promise asks the caller to wait before the next one. */
  write(chunk: Buffer): void | Promise<void>;
  /** The file ended: settles once the check has its answer, and rejects when the file is refused. */
  end(sizeBytes: number): Promise<void>;
  /** The upload failed elsewhere: let go of everything. */
  abort(): void;
};

/**
 * How far into a photo its dimensions may be: JPEG metadata segments (EXIF, XMP, ICC profiles)
 * come before them, and rarely take more than a few dozen kilobytes.
 */
export const IMAGE_PROBE_BYTES = 256 * 1024;
/** The first try of the decoder; each next one with four times as much. */
const IMAGE_FIRST_TRY_BYTES = 4 * 1024;
/** PDF readers look for the end-of-file marker in the last 1,024 bytes. */
export const PDF_TRAILER_BYTES = 1024;
/** What the video parser may hold in all (a container's metadata is kilobytes; frames are skipped). */
export const VIDEO_PARSER_BUDGET_BYTES = 4 * MB;
/** What it may read in one go. */
const VIDEO_PARSER_MAX_READ_BYTES = 1 * MB;

const refused = (type: FileType) => new UnsupportedMediaTypeError(unreadableMessage(type.kind));

export function contentCheckFor(type: FileType): ContentCheck {
  if (type.kind === 'photo') return imageCheck(type);
  if (type.kind === 'document') return pdfCheck(type);
  return videoCheck(type);
}

/**
 * A photo must give its dimensions to the image-size decoder, within its first IMAGE_PROBE_BYTES,
 * and be of the type its first bytes said: a JPEG signature followed by anything else is refused.
 * The decoder is synchronous and, on bytes that are not a JPEG, walks them one by one (about
 * 0.4 ms a kilobyte), so it runs a few times on a growing head (4, 16, 64, 256 KB), not on every
 * chunk: a hostile file costs at most ~0.1 s of CPU.
 */
function imageCheck(type: FileType): ContentCheck {
  const expected = type.extension;
  let head = Buffer.alloc(0);
  let nextTry = IMAGE_FIRST_TRY_BYTES;
  let readable = false;
  const tryDecoder = () => {
    try {
      const { width, height, type: found } = imageSize(head);
      readable = found === expected && width > 0 && height > 0;
    } catch {
      // Not enough of the file yet, or not an image.
    }
    if (readable) head = Buffer.alloc(0);
  };
  return {
    write(chunk) {
      if (readable) return;
      head = Buffer.concat([head, chunk.subarray(0, IMAGE_PROBE_BYTES - head.length)]);
      if (head.length < Math.min(nextTry, IMAGE_PROBE_BYTES)) return;
      tryDecoder();
      nextTry *= 4;
      if (!readable && head.length >= IMAGE_PROBE_BYTES) throw refused(type);
    },
    async end() {
      if (!readable && head.length < IMAGE_PROBE_BYTES) tryDecoder();
      head = Buffer.alloc(0);
      if (!readable) throw refused(type);
    },
    abort() {
      head = Buffer.alloc(0);
    },
  };
}

/**
 * A PDF must start with a versioned header and end, within its last 1,024 bytes, with the trailer
 * every reader starts from: `startxref`, the byte offset of the cross-reference section (inside
 * the file), then `%%EOF`. A PDF header followed by anything else, or a file cut short, is refused.
 */
function pdfCheck(type: FileType): ContentCheck {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  return {
    write(chunk) {
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      // Only the chunk's own last bytes, copied: the tail never keeps a whole chunk alive.
      tail = Buffer.from(Buffer.concat([tail, chunk.subarray(-PDF_TRAILER_BYTES)]).subarray(-PDF_TRAILER_BYTES));
    },
    async end(sizeBytes) {
      const header = /^%PDF-[12]\.\d/.test(head.toString('latin1'));
      const trailers = [...tail.toString('latin1').matchAll(/startxref[\0\t\n\f\r ]+(\d{1,12})[\0\t\n\f\r ]+%%EOF/g)];
      const offset = Number(trailers.at(-1)?.[1] ?? Number.NaN);
      if (!header || !(offset >= 8 && offset < sizeBytes)) throw refused(type);
    },
    abort() {
      tail = Buffer.alloc(0);
    },
  };
}

/**
 * A video must parse as its container with a video track: MP4 and QuickTime through their `moov`
 * box (a track whose handler is `vide`), wherever it is in the file; WebM through its EBML header
 * (DocType `webm`) and a video track in its Tracks element. The parser (music-metadata) reads the
 * file as it streams in and skips the frames; it may hold at most VIDEO_PARSER_BUDGET_BYTES in all,
 * so a file that declares a huge metadata element cannot make the server hold it.
 */
function videoCheck(type: FileType): ContentCheck {
  const input = new PassThrough();
  let failure: unknown = null;
  let settled = false;
  const verdict = (async () => {
    const tokenizer = await fromStream(input, {
      fileInfo: { mimeType: type.contentType },
      maxBufferSize: VIDEO_PARSER_MAX_READ_BYTES,
    });
    const metadata = await parseFromTokenizer(withReadBudget(tokenizer, VIDEO_PARSER_BUDGET_BYTES), {
      skipCovers: true,
    });
    const { hasVideo, container } = metadata.format;
    const rightContainer = type.contentType === 'video/webm' ? container === 'EBML/webm' : true;
    if (hasVideo !== true || !rightContainer) throw refused(type);
  })();
  verdict.then(
    () => {
      settled = true;
      // The parser has what it needs and reads no further: the rest of the file only goes to storage.
      input.destroy();
    },
    (error: unknown) => {
      settled = true;
      failure = error;
      input.destroy();
    },
  );
  const failIfRefused = () => {
    if (failure) throw refused(type);
  };
  return {
    async write(chunk) {
      failIfRefused();
      if (settled || input.write(chunk)) return;
      // Wait for the parser to take the chunk, or to finish without it.
      const waiting = new AbortController();
      await Promise.race([once(input, 'drain', { signal: waiting.signal }), verdict]).catch(() => {});
      waiting.abort();
      failIfRefused();
    },
    async end() {
      if (!settled) input.end();
      await verdict.catch(() => {});
      failIfRefused();
    },
    abort() {
      input.destroy();
    },
  };
}

/**
 * The tokenizer with a ceiling on all the bytes the parser reads into memory (skipped bytes do not
 * count): past it, every read fails and so does the parse. strtok3's own `maxBufferSize` bounds
 * one read at a time, not their sum, nor a buffer the parser allocates itself.
 */
export function withReadBudget(tokenizer: ITokenizer, budgetBytes: number): ITokenizer {
  let spent = 0;
  const spend = (bytes: number) => {
    spent += bytes;
    if (spent > budgetBytes) throw new RangeError(`the parser read more than ${budgetBytes} bytes`);
  };
  type Token = { len: number };
  type ChunkOptions = { length?: number };
  const counted: Record<string, (...args: never[]) => number> = {
    readToken: (token: Token) => token.len,
    peekToken: (token: Token) => token.len,
    readNumber: (token: Token) => token.len,
    peekNumber: (token: Token) => token.len,
    readBuffer: (buffer: Uint8Array, options?: ChunkOptions) => options?.length ?? buffer.length,
    peekBuffer: (buffer: Uint8Array, options?: ChunkOptions) => options?.length ?? buffer.length,
  };
  return new Proxy(tokenizer, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const size = typeof property === 'string' ? counted[property] : undefined;
      // Bound to the tokenizer itself: its own calls between its methods are not counted twice.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!size) return method;
      return async (...args: never[]) => {
        spend(size(...args));
        return method(...args);
      };
    },
  });
}
