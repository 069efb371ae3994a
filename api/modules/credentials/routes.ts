import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  credentialsOf,
  findCredential,
  pendingCredentials,
  type CredentialRow,
} from '../../../projections/credentials.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { credentialsDecider, type CredentialCommand } from '../../../shared/domain/credentials/decider.ts';
import { credentialsStreamId, type CredentialEvent } from '../../../shared/domain/credentials/events.ts';
import { credentialKinds } from '../../../shared/domain/credentials/kinds.ts';
import { CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES as M } from '../../../shared/domain/credentials/rules.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { CREDENTIAL_DOCUMENT_LIMITS, largestLimit } from '../../../shared/uploads/file-types.ts';
import { multipartRefusal, storeUpload, type StoredUpload } from '../../../shared/uploads/upload-stream.ts';
import { claimIdempotencyKeyAfterStoring, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['credentials'] as const;
type SubmitCredential = Extract<CredentialCommand, { type: 'SubmitCredential' }>;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

const credentialView = z.object({
  id: z.uuid(),
  kind: z.enum(credentialKinds),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
  expiresOn: z.string(),
  reason: z.string().nullable(),
  contentType: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  documentUrl: z.string(),
});
const queueItem = credentialView.extend({ contractor: z.object({ id: z.uuid(), name: z.string() }) });
const credentialParams = z.strictObject({ id: z.uuid({ error: 'The credential id is not valid' }) });
const approveBody = z
  .strictObject({
    expiresOn: z.string({ error: M.expiresOn }).optional(),
  })
  .optional();
const rejectBody = z.strictObject({
  reason: z
    .string({ error: M.reason })
    .trim()
    .min(CREDENTIAL_LIMITS.reasonMin, { error: M.reason })
    .max(CREDENTIAL_LIMITS.reasonMax, { error: M.reason }),
});

const today = () => new Date().toISOString().slice(0, 10);

function toView(row: CredentialRow) {
  const lapsed = row.status === 'approved' && row.expiresOn < today();
  return {
    id: row.credentialId,
    kind: row.kind,
    status: lapsed ? ('expired' as const) : row.status,
    expiresOn: row.expiresOn,
    reason: row.reason,
    contentType: row.contentType,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    documentUrl: `/api/credentials/${row.credentialId}/document`,
  };
}

/**
 * Verified credential badges (spec section 1): a contractor on a paid plan uploads a licence,
 * proof of insurance or a background check; an admin approves it (confirming the expiry) or rejects
 * it with a reason. The document is kept in file storage and shown only to its owner and admins.
 */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: largestLimit(CREDENTIAL_DOCUMENT_LIMITS) + 1,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 64,
    },
  });

  const run = (request: Parameters<typeof commandContext>[0], contractorId: string, command: CredentialCommand) =>
    handleCommand(store, credentialsStreamId(contractorId), credentialsDecider, command, commandContext(request));

  const mine = async (contractorId: string) => ({ credentials: (await credentialsOf(sql, contractorId)).map(toView) });

  app.get(
    '/api/credentials/mine',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['credentials'],
        summary: 'My credential documents and their review, newest first',
        response: { 200: z.object({ credentials: z.array(credentialView) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => mine((await signedInUser(request)).id),
  );

  app.post(
    '/api/credentials',
    {
      onRequest: app.requireRole('contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['credentials'],
        summary: 'Send a credential document for a verified badge (paid plans)',
        description:
          'multipart/form-data: the fields `kind` (licensed, insured, background-checked) and `expiresOn` (YYYY-MM-DD), then one `file` part: a PDF or a photo (JPEG, PNG, WebP) up to 10 MB, typed by its bytes and refused (415) unless it parses as that type; it streams to storage, and one over 10 MB is refused (413) as soon as it passes the limit.',
        consumes: ['multipart/form-data'],
        headers: optionalIdempotencyHeader,
        response: {
          201: z.object({ credentials: z.array(credentialView) }),
          202: z.object({ credentials: z.array(credentialView) }),
          ...errors,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      if (!request.isMultipart()) throw new ValidationError(M.notMultipart);
      const fields: Record<string, string> = {};
      const credentialId = randomUUID();
      const onPaidPlan = isPaidPlan(await currentPlanId(sql, user.id));
      const commandWith = (document: SubmitCredential['document']): SubmitCredential => ({
        type: 'SubmitCredential',
        credentialId,
        contractorId: user.id,
        onPaidPlan,
        kind: fields.kind ?? '',
        expiresOn: fields.expiresOn ?? '',
        document,
        now: commandContext(request).now,
      });
      // The decider's refusals (plan, kind, dates, one pending), before a file is stored.
      const precheck = async () =>
        credentialsDecider.decide(
          commandWith({ storageKey: '', contentType: '', sizeBytes: 0, sha256: '' }),
          foldEvents(
            credentialsDecider,
            (await store.readStream(credentialsStreamId(user.id))) as unknown as CredentialEvent[],
          ),
        );
      let stored: StoredUpload | null = null;
      const removeStored = async () => {
        if (stored) await app.runtime.fileStorage.delete(stored.storageKey).catch(() => {});
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (!['kind', 'expiresOn'].includes(part.fieldname) || typeof part.value !== 'string') {
              throw new ValidationError(M.fields);
            }
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || stored) throw new ValidationError(M.fields);
          // With an Idempotency-Key the key is claimed first (once the file's hash is known), so a
          // retry gets the first answer, not the refusal its own success would now cause; the
          // decider still decides before anything is recorded.
          if (request.headers['idempotency-key'] === undefined) await precheck();
          stored = await storeUpload(part.file, {
            storage: app.runtime.fileStorage,
            limits: CREDENTIAL_DOCUMENT_LIMITS,
            keyFor: (type) => `credentials/${user.id}/${credentialId}.${type.extension}`,
            typeMessage: M.type,
            claimedType: part.mimetype,
          });
          if (!stored) throw new ValidationError(M.noFile);
        }
      } catch (error) {
        await removeStored();
        throw multipartRefusal(error, {
          tooLarge: M.tooLarge,
          tooManyFiles: M.fields,
          fields: M.fields,
          notMultipart: M.notMultipart,
        });
      }
      if (!stored) throw new ValidationError(M.noFile);
      const upload: StoredUpload = stored;
      // A retry with the same Idempotency-Key gets the first answer; the copy it just stored goes.
      if (await claimIdempotencyKeyAfterStoring(request, reply, { fields, sha256: upload.sha256 }, removeStored)) {
        return reply;
      }
      let position;
      try {
        ({ position } = await run(
          request,
          user.id,
          commandWith({
            storageKey: upload.storageKey,
            contentType: upload.type.contentType,
            sizeBytes: upload.sizeBytes,
            sha256: upload.sha256,
          }),
        ));
      } catch (error) {
        await removeStored();
        throw error;
      }
      return answerWithView(request, reply, position, READ_MODELS, () => mine(user.id), 201);
    },
  );

  app.get(
    '/api/credentials/:id/document',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['credentials'],
        summary: 'A credential document (its contractor and admins only)',
        params: credentialParams,
        response: { 200: z.any().describe('The document'), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const row = await findCredential(sql, request.params.id);
      // Anyone else gets the same 404 as for no document: a credential's existence is private.
      if (!row || (row.contractorId !== user.id && user.role !== 'admin')) throw new NotFoundError(M.notFound);
      const file = await app.runtime.fileStorage.get(row.storageKey);
      if (!file) throw new NotFoundError(M.notFound);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', file.sizeBytes)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'")
        .header(
          'content-disposition',
          `inline; filename="credential-${row.credentialId}.${row.storageKey.split('.').pop()}"`,
        )
        .send(file.body);
    },
  );

  app.get(
    '/api/admin/credentials',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['credentials'],
        summary: 'The verification queue: credential documents waiting for review, oldest first',
        response: { 200: z.object({ credentials: z.array(queueItem) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const rows = await pendingCredentials(sql);
      const names = await displayNames(sql, [...new Set(rows.map((row) => row.contractorId))]);
      return {
        credentials: rows.map((row) => ({
          ...toView(row),
          contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? 'Former member' },
        })),
      };
    },
  );

  const review = async (
    request: Parameters<typeof commandContext>[0],
    id: string,
    build: (adminId: string, now: Date) => CredentialCommand,
  ) => {
    const admin = await signedInUser(request);
    const row = await findCredential(sql, id);
    if (!row) throw new NotFoundError(M.notFound);
    return run(request, row.contractorId, build(admin.id, commandContext(request).now));
  };

  app.post(
    '/api/admin/credentials/:id/approve',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['credentials'],
        summary: 'Approve a credential: its badge shows until the expiry (optionally corrected from the document)',
        params: credentialParams,
        body: approveBody,
        response: { 200: z.object({ success: z.literal(true) }), 202: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { position } = await review(request, id, (adminId, now) => ({
        type: 'ApproveCredential',
        credentialId: id,
        adminId,
        expiresOn: request.body?.expiresOn ?? null,
        now,
      }));
      return answerWithView(request, reply, position, READ_MODELS, async () => ({ success: true as const }));
    },
  );

  app.post(
    '/api/admin/credentials/:id/reject',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['credentials'],
        summary: 'Reject a credential with a reason the contractor sees',
        params: credentialParams,
        body: rejectBody,
        response: { 200: z.object({ success: z.literal(true) }), 202: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { position } = await review(request, id, (adminId, now) => ({
        type: 'RejectCredential',
        credentialId: id,
        adminId,
        reason: request.body.reason,
        now,
      }));
      return answerWithView(request, reply, position, READ_MODELS, async () => ({ success: true as const }));
    },
  );
};
