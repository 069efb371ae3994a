import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsOf, findCredential, pendingCredentials } from '../../../projections/credentials.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { credentialsDecider, type CredentialCommand } from '../../../shared/domain/credentials/decider.ts';
import {
  credentialsStreamId,
  type CredentialEvent,
  credentialEventSchemas,
} from '../../../shared/domain/credentials/events.ts';
import { CREDENTIAL_MESSAGES as M } from '../../../shared/domain/credentials/rules.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterReadModels, commandContext } from '../../plugins/command-pipeline.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { CREDENTIAL_DOCUMENT_LIMITS, largestLimit } from '../../../shared/uploads/file-types.ts';
import { multipartRefusal, storeUpload, type StoredUpload } from '../../../shared/uploads/upload-stream.ts';
import { claimIdempotencyKeyAfterStoring, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import {
  approveCredentialBody,
  credentialParams,
  credentialQueueView,
  credentialReviewed,
  myCredentialsView,
  rejectCredentialBody,
} from '../../../shared/http/credentials.ts';
import { credentialViewOf, queueItemOf, today } from './views.ts';

const READ_MODELS = ['credentials'] as const;
type SubmitCredential = Extract<CredentialCommand, { type: 'SubmitCredential' }>;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Verified credential badges (docs/product.md#plans): a contractor on a paid plan uploads a licence,
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

  const mine = async (contractorId: string) => {
    const at = today();
    return { credentials: (await credentialsOf(sql, contractorId)).map((row) => credentialViewOf(row, at)) };
  };

  app.get(
    '/api/credentials/mine',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['credentials'],
        summary: 'My credential documents and their review, newest first',
        response: { 200: myCredentialsView, 401: errorSchema, 403: errorSchema },
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
          201: myCredentialsView,
          202: myCredentialsView,
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
            await readEvents<CredentialEvent>(store, credentialsStreamId(user.id), credentialEventSchemas),
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
        ({ position } = await handleCommand(
          store,
          credentialsStreamId(user.id),
          credentialsDecider,
          commandWith({
            storageKey: upload.storageKey,
            contentType: upload.type.contentType,
            sizeBytes: upload.sizeBytes,
            sha256: upload.sha256,
          }),
          commandContext(request),
        ));
      } catch (error) {
        await removeStored();
        throw error;
      }
      return answerAfterReadModels(request, reply, position, () => mine(user.id), {
        readModels: READ_MODELS,
        statusCode: 201,
      });
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
        response: { 200: credentialQueueView, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const rows = await pendingCredentials(sql);
      const names = await displayNames(sql, [...new Set(rows.map((row) => row.contractorId))]);
      const at = today();
      return { credentials: rows.map((row) => queueItemOf(row, at, names)) };
    },
  );

  /** The credential under review, or the 404 of one that does not exist. */
  const underReview = async (id: string) => {
    const row = await findCredential(sql, id);
    if (!row) throw new NotFoundError(M.notFound);
    return row;
  };

  app.command({
    method: 'POST',
    url: '/api/admin/credentials/:id/approve',
    access: ['admin'],
    schema: {
      tags: ['credentials'],
      summary: 'Approve a credential: its badge shows until the expiry (optionally corrected from the document)',
      params: credentialParams,
      body: approveCredentialBody,
      response: { 200: credentialReviewed, 202: z.any(), ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const row = await underReview(params.id);
      await decide(credentialsStreamId(row.contractorId), credentialsDecider, {
        type: 'ApproveCredential',
        credentialId: params.id,
        adminId: user.id,
        expiresOn: body?.expiresOn ?? null,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/admin/credentials/:id/reject',
    access: ['admin'],
    schema: {
      tags: ['credentials'],
      summary: 'Reject a credential with a reason the contractor sees',
      params: credentialParams,
      body: rejectCredentialBody,
      response: { 200: credentialReviewed, 202: z.any(), ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const row = await underReview(params.id);
      await decide(credentialsStreamId(row.contractorId), credentialsDecider, {
        type: 'RejectCredential',
        credentialId: params.id,
        adminId: user.id,
        reason: body.reason,
        now: context.now,
      });
      return { success: true as const };
    },
  });
};
