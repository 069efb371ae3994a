import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidenceOf } from '../../../projections/disputes.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { disputeDecider } from '../../../shared/domain/disputes/decider.ts';
import { disputeStreamId } from '../../../shared/domain/disputes/events.ts';
import { DISPUTE_LIMITS, DISPUTE_MESSAGES as M } from '../../../shared/domain/disputes/messages.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { disputeParams, disputeView, evidenceParams } from '../../../shared/http/disputes.ts';
import { EVIDENCE_LIMITS } from '../../../shared/uploads/file-types.ts';
import { multipartRefusal, storeUpload, type StoredUpload } from '../../../shared/uploads/upload-stream.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterReadModels, commandContext } from '../../plugins/command-pipeline.ts';
import { claimIdempotencyKeyAfterStoring, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { caseFor, disputeViewFor } from './cases.ts';
import { DISPUTE_ERRORS as errors, DISPUTE_READ_MODELS as READ_MODELS } from './errors.ts';
import { EVIDENCE_MESSAGES } from './evidence.ts';

/** See the AddEvidence command below: one retry per file a case may hold. */
const EVIDENCE_APPEND_RETRIES = 2 * DISPUTE_LIMITS.filesPerParty;

/**
 * Evidence files: the upload streams a multipart body to storage, so it is a hand-written route
 * (not an `app.command` declaration) that answers through answerAfterReadModels; the download
 * streams the file back to the parties and administrators.
 */
export const disputeEvidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.post(
    '/api/disputes/:disputeId/evidence',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['disputes'],
        summary: 'Add a photo, video or PDF to a dispute (a party, until the case is ready)',
        description:
          'multipart/form-data: an optional `caption` field, then one `file` part. Photos (JPEG, PNG, WebP) and PDFs up to 10 MB, videos (MP4, MOV, WebM) up to 50 MB. The type is read from the bytes; a file whose declared type disagrees is refused (415), and so is one that does not parse as its type (a video needs a video track). The file streams to storage; one over the limit of its kind is refused (413) as soon as it passes it.',
        consumes: ['multipart/form-data'],
        headers: optionalIdempotencyHeader,
        params: disputeParams,
        response: { 201: disputeView, 202: disputeView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId } = request.params;
      const { row, role } = await caseFor(sql, disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      if (!request.isMultipart()) throw new ValidationError(EVIDENCE_MESSAGES.notMultipart);
      let caption = '';
      let stored: StoredUpload | null = null;
      const evidenceId = randomUUID();
      const removeStored = async () => {
        if (stored) await app.runtime.fileStorage.delete(stored.storageKey).catch(() => {});
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'caption' || typeof part.value !== 'string') {
              throw new ValidationError(EVIDENCE_MESSAGES.fields);
            }
            caption = part.value;
            // Sent before the file (as the site does), a bad caption is refused before any upload.
            if ([...caption.trim()].length > DISPUTE_LIMITS.captionMax) throw new ValidationError(M.caption);
            continue;
          }
          if (stored) throw new ValidationError(EVIDENCE_MESSAGES.oneFile);
          // Streamed to storage under the limit of its kind, checked on the way (nothing kept if refused).
          stored = await storeUpload(part.file, {
            storage: app.runtime.fileStorage,
            limits: EVIDENCE_LIMITS,
            keyFor: (type) => `disputes/${row.disputeId}/${evidenceId}.${type.extension}`,
            typeMessage: EVIDENCE_MESSAGES.type,
            claimedType: part.mimetype,
          });
          if (!stored) throw new ValidationError(EVIDENCE_MESSAGES.noFile);
        }
      } catch (error) {
        await removeStored();
        throw multipartRefusal(error, {
          tooLarge: EVIDENCE_MESSAGES.tooLarge('video'),
          tooManyFiles: EVIDENCE_MESSAGES.oneFile,
          fields: EVIDENCE_MESSAGES.fields,
          notMultipart: EVIDENCE_MESSAGES.notMultipart,
        });
      }
      if (!stored) throw new ValidationError(EVIDENCE_MESSAGES.noFile);
      const upload: StoredUpload = stored;
      // A retry with the same Idempotency-Key gets the first answer; the copy it just stored goes.
      if (await claimIdempotencyKeyAfterStoring(request, reply, { caption, sha256: upload.sha256 }, removeStored)) {
        return reply;
      }
      const context = commandContext(request);
      let position;
      try {
        ({ position } = await handleCommand(
          store,
          disputeStreamId(disputeId),
          disputeDecider,
          {
            type: 'AddEvidence',
            actorId: user.id,
            evidenceId,
            kind: upload.type.kind,
            storageKey: upload.storageKey,
            contentType: upload.type.contentType,
            sizeBytes: upload.sizeBytes,
            sha256: upload.sha256,
            caption,
            now: context.now,
          },
          context,
          // Uploads that finish together race on the case's stream, and each round of a race has one
          // winner: as many retries as files the parties may add in all, so none that the rules
          // accept is refused for losing it (past the limit the decider refuses without a race).
          { retries: EVIDENCE_APPEND_RETRIES },
        ));
      } catch (error) {
        // Refused (the case moved on, too many files): keep no orphan file.
        await removeStored();
        throw error;
      }
      return answerAfterReadModels(request, reply, position, () => disputeViewFor(sql, disputeId, user), {
        readModels: READ_MODELS,
        statusCode: 201,
      });
    },
  );

  app.get(
    '/api/disputes/:disputeId/evidence/:evidenceId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'One evidence file (the parties and administrators only)',
        params: evidenceParams,
        response: {
          200: z.any().describe('The file, with its sniffed content type'),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId, evidenceId } = request.params;
      await caseFor(sql, disputeId, user);
      const item = (await evidenceOf(sql, disputeId)).find((e) => e.evidenceId === evidenceId);
      const file = item ? await app.runtime.fileStorage.get(item.storageKey) : null;
      if (!item || !file) throw new NotFoundError(M.evidenceNotFound);
      return (
        reply
          .header('content-type', item.contentType)
          .header('content-length', file.sizeBytes)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          // A PDF or video opened from here runs nothing: no scripts, no same-origin access.
          .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'")
          .header(
            'content-disposition',
            `inline; filename="evidence-${evidenceId}.${item.storageKey.split('.').pop()}"`,
          )
          .send(file.body)
      );
    },
  );
};
