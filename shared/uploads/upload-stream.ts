import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { ContentCheck } from './content-checks.ts';
import {
  claimMatches,
  describeType,
  FILE_TYPES,
  mismatchMessage,
  sniffContentType,
  SNIFF_BYTES,
  tooLargeMessage,
  UPLOAD_REFUSALS,
  type FileType,
  type UploadLimits,
} from './file-types.ts';

/**
 * An upload streams from the request to storage and is never held whole in memory:
 *
 *   multipart file ─► SizeLimit ─► ContentInspector ─► FileStorage.put
 *                     (counts,      (SHA-256, and the
 *                      413 past      check that the file
 *                      the limit)    is what it says)
 *
 * Storage keeps a file only once its stream ends cleanly; a stream that fails (too large, not what
 * it claims, the client gone) leaves nothing behind (see shared/storage/).
 */

/** Passes bytes through and fails, at the first byte past `maxBytes`, with `tooLarge()`. */
export class SizeLimit extends Transform {
  sizeBytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > this.maxBytes) callback(this.tooLarge());
    else callback(null, chunk);
  }
}

/** Passes bytes through while hashing them and checking them (content-checks.ts). */
export class ContentInspector extends Transform {
  readonly #hash = createHash('sha256');
  sizeBytes = 0;
  /** Known once the stream has ended. */
  sha256: string | null = null;

  constructor(private readonly check: ContentCheck) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    this.#hash.update(chunk);
    let waiting: void | Promise<void>;
    try {
      waiting = this.check.write(chunk);
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (!waiting) callback(null, chunk);
    else waiting.then(() => callback(null, chunk), callback);
  }

  /** The end of the file reaches storage only once the check has passed: storage then keeps it. */
  override _flush(callback: TransformCallback): void {
    this.check.end(this.sizeBytes).then(() => {
      this.sha256 = this.#hash.digest('hex');
      callback();
    }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.check.abort();
    callback(error);
  }
}

/**
 * The request's body ended, or broke, before the file did (a client gone, a body cut short): bad
 * input, not a server fault, and nothing of the file is kept.
 */
export class UploadInterruptedError extends ValidationError {
  constructor(cause?: unknown) {
    super(UPLOAD_REFUSALS.interrupted);
    this.cause = cause;
  }
}

/**
 * The multipart parser's own errors for a body that ended too soon (@fastify/busboy's wording), as
 * an UploadInterruptedError; any other error as it is.
 */
export function interruptionOf(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  if (/terminated early|Unexpected end of multipart data/.test(message)) return new UploadInterruptedError(error);
  return error;
}

/** What a multipart route answers when the parser refuses the request, in its own words. */
export type MultipartMessages = {
  /** The parser's own size cap (the upload's SizeLimit, just below it, usually refuses first). */
  tooLarge: string;
  /** More files (or parts) than the route takes. */
  tooManyFiles: string;
  /** Fields the route does not take. */
  fields: string;
  notMultipart: string;
};

/**
 * The 4xx for an error thrown while reading a multipart request (@fastify/multipart and busboy),
 * or the error itself when it is not the request's fault. One place for every upload route, so a
 * malformed request (no boundary, cut short) is a 400 everywhere, never a 500.
 */
export function multipartRefusal(error: unknown, messages: MultipartMessages): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(messages.tooLarge);
  // Parts are fields and files: past their cap, it is files a route got too many of.
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new ValidationError(messages.tooManyFiles);
  if (code === 'FST_FIELDS_LIMIT') return new ValidationError(messages.fields);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ValidationError(messages.notMultipart);
  // busboy's refusals of a malformed body ("Multipart: Boundary not found", a bad header) are plain Errors.
  if (error instanceof Error && !('statusCode' in error) && /^Multipart: |Malformed/i.test(error.message)) {
    return new ValidationError(messages.notMultipart);
  }
  return interruptionOf(error);
}

/**
 * The first `size` bytes of a stream (fewer if it ends first), and a stream of the whole file
 * again, which goes on reading the original where the head stopped. A failure of the original
 * (the request broke off) comes out of either as an UploadInterruptedError.
 */
export async function readHead(stream: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let ended = false;
  const next = async () => {
    try {
      const result = await iterator.next();
      if (result.done) ended = true;
      return result;
    } catch (error) {
      ended = true;
      throw new UploadInterruptedError(error);
    }
  };
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const result = await next();
    if (result.done) break;
    chunks.push(result.value);
    length += result.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    try {
      if (head.length > 0) yield head;
      for (;;) {
        if (ended) return;
        const result = await next();
        if (result.done) return;
        yield result.value;
      }
    } finally {
      // Stopped early (a refusal downstream): stop reading the original too.
      if (!ended) await iterator.return?.();
    }
  }
  return { head, whole: Readable.from(whole(), { objectMode: false }) };
}

export type StoredUpload = { type: FileType; storageKey: string; sizeBytes: number; sha256: string };

export type StoreUploadOptions = {
  storage: FileStorage;
  /** The kinds of file taken here, with their limits. */
  limits: UploadLimits;
  /** The storage key of the file, once its type is known. */
  keyFor: (type: FileType) => string;
  /** The refusal of a file of a type not taken here (415). */
  typeMessage: string;
  /** The browser's declared type, refused when it disagrees with the bytes; undefined: not checked. */
  claimedType?: string;
};

/**
 * Streams one uploaded file into storage: its type from its first bytes, its limit from its kind,
 * then SizeLimit and ContentInspector on the way. Answers what was stored, or null for an empty
 * file (nothing stored). Throws the refusal (413, 415) with nothing stored.
 */
export async function storeUpload(file: Readable, options: StoreUploadOptions): Promise<StoredUpload | null> {
  const { head, whole } = await readHead(file, SNIFF_BYTES);
  if (head.length === 0) return null;
  const contentType = sniffContentType(head);
  const type: FileType | null = contentType ? FILE_TYPES[contentType] : null;
  const maxBytes = type ? options.limits[type.kind] : undefined;
  // Refused before anything is stored: stop reading the file (as a refusal downstream does).
  if (!type || maxBytes === undefined) {
    file.destroy();
    throw new UnsupportedMediaTypeError(options.typeMessage);
  }
  if (options.claimedType !== undefined && !claimMatches(options.claimedType, type.contentType)) {
    file.destroy();
    throw new UnsupportedMediaTypeError(mismatchMessage(options.claimedType, describeType(type.contentType)));
  }
  const limit = new SizeLimit(maxBytes, () => new PayloadTooLargeError(tooLargeMessage(type.kind, maxBytes)));
  // Loaded with the first upload: the parsers (music-metadata above all) add ~0.25 s to a start.
  const { contentCheckFor } = await import('./content-checks.ts');
  const inspector = new ContentInspector(contentCheckFor(type));
  // A failure anywhere destroys every stage with the first error, so storage sees that error.
  const body = pipeline(whole, limit, inspector, () => {});
  const storageKey = options.keyFor(type);
  try {
    await options.storage.put(storageKey, body, type.contentType);
  } catch (error) {
    // Storage may fail before reading a byte (a folder it cannot create, S3 credentials): stop the
    // request's file and every stage, which would otherwise wait for a reader for ever.
    body.destroy(error as Error);
    throw error;
  }
  return { type, storageKey, sizeBytes: inspector.sizeBytes, sha256: inspector.sha256! };
}
