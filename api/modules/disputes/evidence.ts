import type { FileEvidenceKind } from '../../../shared/domain/disputes/events.ts';

/**
 * What dispute evidence may be: the type is read from the file's first bytes, never trusted from
 * its name or the browser's claim, and a claim that disagrees with the bytes is refused.
 */
const MB = 1024 * 1024;

export type EvidenceType = { kind: FileEvidenceKind; extension: string; maxBytes: number };

export const EVIDENCE_TYPES: Readonly<Record<string, EvidenceType>> = {
  'image/jpeg': { kind: 'photo', extension: 'jpg', maxBytes: 10 * MB },
  'image/png': { kind: 'photo', extension: 'png', maxBytes: 10 * MB },
  'image/webp': { kind: 'photo', extension: 'webp', maxBytes: 10 * MB },
  'video/mp4': { kind: 'video', extension: 'mp4', maxBytes: 50 * MB },
  'video/quicktime': { kind: 'video', extension: 'mov', maxBytes: 50 * MB },
  'video/webm': { kind: 'video', extension: 'webm', maxBytes: 50 * MB },
  'application/pdf': { kind: 'document', extension: 'pdf', maxBytes: 10 * MB },
};

export const EVIDENCE_MAX_BYTES = Math.max(...Object.values(EVIDENCE_TYPES).map((t) => t.maxBytes));

export const EVIDENCE_MESSAGES = {
  notMultipart: 'Send the evidence as multipart/form-data with one file part named "file".',
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  type: 'Evidence files must be photos (JPEG, PNG or WebP), videos (MP4, MOV or WebM) or PDF documents.',
  mismatch: (claimed: string, found: string) =>
    `The file’s content does not match its type: it claims to be ${claimed} but is ${found}.`,
  tooLarge: (kind: FileEvidenceKind) =>
    kind === 'video'
      ? 'Videos must be 50 MB or smaller.'
      : `${kind === 'photo' ? 'Photos' : 'Documents'} must be 10 MB or smaller.`,
  fields: 'Send only a file and an optional caption.',
} as const;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO-BMFF brands that are still images (HEIC, AVIF), not videos, though they share the container. */
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The content type of the file from its first bytes, or null when it is not an accepted kind. */
export function sniffEvidence(bytes: Uint8Array): string | null {
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

/** How the sniffed type is named in the mismatch message. */
export function describeType(contentType: string): string {
  if (contentType === 'application/pdf') return 'a PDF document';
  return `a ${contentType.split('/')[1]!.toUpperCase()} ${contentType.startsWith('image/') ? 'image' : 'video'}`;
}
