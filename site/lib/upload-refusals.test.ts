import { describe, expect, it } from 'vitest';
import { EVIDENCE_MESSAGES } from '../../api/modules/disputes/evidence.ts';
import { UPLOAD_MESSAGES } from '../../api/modules/work/uploads.ts';
import { CREDENTIAL_MESSAGES } from '../../shared/domain/credentials/rules.ts';
import {
  CREDENTIAL_DOCUMENT_LIMITS,
  EVIDENCE_LIMITS,
  fileKinds,
  MB,
  tooLargeMessage,
  UPLOAD_REFUSALS,
  WORK_PHOTO_LIMITS,
} from '../../shared/uploads/file-types.ts';
import { format } from '../i18n/index.ts';
import { precheck } from '../islands/disputes/api.ts';
import { localizeUploadRefusal, tooLargeRefusal } from './upload-refusals.ts';

describe('localizeUploadRefusal', () => {
  it('gives the size refusals in French with the kind of file and its limit', () => {
    expect(localizeUploadRefusal(EVIDENCE_MESSAGES.tooLarge('document'), 'fr')).toBe(
      'Les documents PDF ne peuvent pas dépasser 10 Mo.',
    );
    expect(localizeUploadRefusal(EVIDENCE_MESSAGES.tooLarge('video'), 'fr')).toBe(
      'Les vidéos ne peuvent pas dépasser 50 Mo.',
    );
    expect(localizeUploadRefusal(UPLOAD_MESSAGES.tooLarge, 'fr')).toBe('Les photos ne peuvent pas dépasser 5 Mo.');
    expect(localizeUploadRefusal(tooLargeMessage('video', 2.5 * MB), 'fr')).toBe(
      'Les vidéos ne peuvent pas dépasser 2,5 Mo.',
    );
  });

  it('recognises every refusal the API words, for every limit it has', () => {
    const messages = [
      ...Object.values(UPLOAD_REFUSALS).filter((template) => !template.includes('{')),
      ...[EVIDENCE_LIMITS, CREDENTIAL_DOCUMENT_LIMITS, WORK_PHOTO_LIMITS].flatMap((limits) =>
        fileKinds.flatMap((kind) => {
          const limit = (limits as Partial<Record<(typeof fileKinds)[number], number>>)[kind];
          return limit === undefined ? [] : [tooLargeMessage(kind, limit)];
        }),
      ),
      EVIDENCE_MESSAGES.type,
      EVIDENCE_MESSAGES.unreadable('video'),
      UPLOAD_MESSAGES.type,
      UPLOAD_MESSAGES.unreadable,
      CREDENTIAL_MESSAGES.type,
      CREDENTIAL_MESSAGES.tooLarge,
    ];
    for (const message of messages) {
      const french = localizeUploadRefusal(message, 'fr');
      expect(french, message).not.toBe(message);
      expect(french, message).not.toMatch(/\{\w+\}/);
      expect(localizeUploadRefusal(message, 'en')).toBe(message);
    }
  });

  it('leaves any other message as the server wrote it', () => {
    expect(localizeUploadRefusal('Something else went wrong', 'fr')).toBe('Something else went wrong');
    expect(localizeUploadRefusal(format(UPLOAD_REFUSALS['tooLarge:photo'], { mb: '5' }) + ' And more.', 'fr')).toBe(
      'Photos can be at most 5 MB. And more.',
    );
  });
});

describe('the evidence precheck', () => {
  const file = (bytes: number, type: string, name = 'scan.pdf') => new File([new Uint8Array(bytes)], name, { type });

  it('names the kind of file and its limit, in the page’s language', () => {
    const found = precheck(file(10 * MB + 1, 'application/pdf'));
    expect(found).toEqual({ problem: 'size', kind: 'document', maxBytes: 10 * MB });
    expect(tooLargeRefusal('document', 10 * MB, 'en')).toBe('PDF documents can be at most 10 MB.');
    expect(tooLargeRefusal('document', 10 * MB, 'fr')).toBe('Les documents PDF ne peuvent pas dépasser 10 Mo.');
    expect(precheck(file(10 * MB + 1, 'video/webm', 'a.webm'))).toBeNull();
    expect(precheck(file(10, 'text/plain', 'a.txt'))).toEqual({ problem: 'type' });
  });
});
