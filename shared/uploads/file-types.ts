/**
 * The files people upload (dispute evidence, credential documents, work-order photos): the types
 * accepted, read from a file's first bytes and never from its name or the browser's claim; the
 * size limit of each kind of file per upload route; and the refusals that name them. Pure, so the
 * site checks a file against the same limits before sending it and translates the same refusals.
 */
export const MB = 1024 * 1024;

export const fileKinds = ['photo', 'video', 'document'] as const;
export type FileKind = (typeof fileKinds)[number];

export type FileType = { contentType: string; kind: FileKind; extension: string };

export const FILE_TYPES = {
  'image/jpeg': { contentType: 'image/jpeg', kind: 'photo', extension: 'jpg' },
  'image/png': { contentType: 'image/png', kind: 'photo', extension: 'png' },
  'image/webp': { contentType: 'image/webp', kind: 'photo', extension: 'webp' },
  'video/mp4': { contentType: 'video/mp4', kind: 'video', extension: 'mp4' },
  'video/quicktime': { contentType: 'video/quicktime', kind: 'video', extension: 'mov' },
  'video/webm': { contentType: 'video/webm', kind: 'video', extension: 'webm' },
  'application/pdf': { contentType: 'application/pdf', kind: 'document', extension: 'pdf' },
} as const satisfies Record<string, FileType>;
export type AcceptedContentType = keyof typeof FILE_TYPES;

/** The largest file of each kind an upload route takes; a kind it does not list, it refuses. */
export type UploadLimits = Readonly<Partial<Record<FileKind, number>>>;

export const EVIDENCE_LIMITS = { photo: 10 * MB, video: 50 * MB, document: 10 * MB } as const satisfies UploadLimits;
export const CREDENTIAL_DOCUMENT_LIMITS = { photo: 10 * MB, document: 10 * MB } as const satisfies UploadLimits;
export const WORK_PHOTO_LIMITS = { photo: 5 * MB } as const satisfies UploadLimits;

/** The largest file a route takes of any kind (the multipart parser's own cap sits just above it). */
export const largestLimit = (limits: UploadLimits) => Math.max(...Object.values(limits));

/** The content types a route takes, with their limit (what a file input's `accept` lists). */
export function acceptedTypes(limits: UploadLimits): Record<string, number> {
  const accepted: Record<string, number> = {};
  for (const type of Object.values(FILE_TYPES)) {
    const limit = limits[type.kind];
    if (limit !== undefined) accepted[type.contentType] = limit;
  }
  return accepted;
}

/**
 * The refusals of a file by its type or size, as the API words them. The site translates each by
 * its template (site/i18n/messages/uploads.ts, whose English is this object), so a template
 * changed here is matched there, and its French must follow.
 */
export const UPLOAD_REFUSALS = {
  'type:evidence': 'Evidence files must be photos (JPEG, PNG or WebP), videos (MP4, MOV or WebM) or PDF documents.',
  'type:credential': 'Credential documents must be PDF documents or photos (JPEG, PNG or WebP).',
  'type:workPhoto': 'Photos must be JPEG, PNG or WebP images',
  'tooLarge:photo': 'Photos can be at most {mb} MB.',
  'tooLarge:video': 'Videos can be at most {mb} MB.',
  'tooLarge:document': 'PDF documents can be at most {mb} MB.',
  'unreadable:photo': 'This photo could not be read: it must be a complete JPEG, PNG or WebP image.',
  'unreadable:video': 'This video could not be read: it must be an MP4, MOV or WebM file with a video track.',
  'unreadable:document': 'This PDF could not be read: it must be a complete PDF document.',
  interrupted: 'The upload was cut short before the end of the file. Please send it again.',
} as const;

const megabytes = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/** "PDF documents can be at most 10 MB." */
export const tooLargeMessage = (kind: FileKind, maxBytes: number) =>
  UPLOAD_REFUSALS[`tooLarge:${kind}`].replace('{mb}', megabytes(maxBytes));

/** A file whose first bytes say one type but that does not parse as one. */
export const unreadableMessage = (kind: FileKind) => UPLOAD_REFUSALS[`unreadable:${kind}`];

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO-BMFF brands that are still images (HEIC, AVIF), not videos, though they share the container. */
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** How many first bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 12;

/**
 * The content type of a file from its first bytes, or null when it is none of the accepted ones.
 * Only the signature: whether the rest of the file is what it says is checked as it streams in
 * (shared/uploads/content-checks.ts).
 */
export function sniffContentType(bytes: Uint8Array): AcceptedContentType | null {
  const starts = (...values: number[]) => bytes.length >= values.length && values.every((v, i) => bytes[i] === v);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (STILL_IMAGE_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  return null;
}

/** A type the browser may send for a file it does not know: no claim, so only the bytes count. */
const NO_CLAIM = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** Whether the browser's claimed type agrees with the sniffed one. */
export function claimMatches(claimed: string, sniffed: string): boolean {
  const type = claimed.split(';')[0]!.trim().toLowerCase();
  if (NO_CLAIM.has(type)) return true;
  return (ALIASES[type] ?? type) === sniffed;
}

/** How the sniffed type is named in a mismatch message. */
export function describeType(contentType: string): string {
  if (contentType === 'application/pdf') return 'a PDF document';
  return `a ${contentType.split('/')[1]!.toUpperCase()} ${contentType.startsWith('image/') ? 'image' : 'video'}`;
}

/** The refusal of a file whose declared type disagrees with its bytes. */
export const mismatchMessage = (claimed: string, found: string) =>
  `The file’s content does not match its type: it claims to be ${claimed} but is ${found}.`;
