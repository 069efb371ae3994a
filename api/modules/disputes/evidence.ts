import type { FileEvidenceKind } from '../../../shared/domain/disputes/events.ts';
import {
  EVIDENCE_LIMITS,
  largestLimit,
  mismatchMessage,
  tooLargeMessage,
  unreadableMessage,
  UPLOAD_REFUSALS,
} from '../../../shared/uploads/file-types.ts';

/**
 * What dispute evidence may be: photos (JPEG, PNG, WebP), videos (MP4, MOV, WebM) and PDF
 * documents, each kind with its limit (shared/uploads/file-types.ts). The type is read from the
 * file's first bytes, never trusted from its name or the browser's claim, a claim that disagrees
 * with the bytes is refused, and the file must then parse as that type as it streams in.
 */
export const EVIDENCE_MAX_BYTES = largestLimit(EVIDENCE_LIMITS);

export const EVIDENCE_MESSAGES = {
  notMultipart: 'Send the evidence as multipart/form-data with one file part named "file".',
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  type: UPLOAD_REFUSALS['type:evidence'],
  mismatch: mismatchMessage,
  tooLarge: (kind: FileEvidenceKind) => tooLargeMessage(kind, EVIDENCE_LIMITS[kind]),
  unreadable: (kind: FileEvidenceKind) => unreadableMessage(kind),
  fields: 'Send only a file and an optional caption.',
} as const;
