import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractDecider } from '../../../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractEvent } from '../../../shared/domain/contracts/events.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { legalCopyDecider } from '../../../shared/domain/legal-copies/decider.ts';
import { legalCopyReadsStreamId } from '../../../shared/domain/legal-copies/events.ts';
import { LEGAL_COPY_MESSAGES as M } from '../../../shared/domain/legal-copies/messages.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { legalCopiesByIds } from '../../../shared/personal-data/legal-copies.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';

const jobParams = z.strictObject({ jobId: z.uuid({ error: 'The contract id is not valid' }) });
// The reason's length is the decider's rule (it counts characters, as the form does).
const readBody = z.strictObject({ reason: z.string({ error: M.reason }).trim() });

const copyView = z.object({
  copyId: z.string(),
  role: z.enum(['customer', 'contractor']),
  accountId: z.string(),
  /** False once the person deleted their account: the copy is then the only place their name is. */
  accountExists: z.boolean(),
  version: z.number().int(),
  templateVersion: z.string(),
  textHash: z.string(),
  /** The copy records the hash of the text its signature event signed: they must agree. */
  matchesSignature: z.boolean(),
  /** Whether this signature is on the contract's current version (a revision voids earlier ones). */
  current: z.boolean(),
  nameAtSigning: z.string(),
  typedName: z.string(),
  userAgent: z.string(),
  signedAt: z.string(),
  retainUntil: z.string(),
});

const readView = z.object({
  jobId: z.string(),
  contract: z.object({
    status: z.enum(['awaiting-signatures', 'executed', 'cancelled']),
    version: z.number().int(),
    templateVersion: z.string(),
    textHash: z.string(),
  }),
  copies: z.array(copyView),
  readAt: z.string(),
});

/**
 * The legal copies of a contract's signatures (shared/personal-data/legal-copies.ts): the names the
 * law makes us keep after an account is deleted. Only an administrator reads them, always with a
 * reason, and each reading is an event naming who read which copies and why.
 */
export const legalCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.post(
    '/api/admin/legal-copies/:jobId/read',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['legal copies'],
        summary:
          'Read the legal copies of a contract’s signatures, with a reason (admin only; the reading is recorded)',
        description:
          'Answers the names at signing, the typed names and the user agents kept with each signature, and appends LegalCopyRead (who, which copies, when, why) to legal-copy-reads-<jobId>.',
        params: jobParams,
        body: readBody,
        response: {
          200: readView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const admin = await signedInUser(request);
      const { jobId } = request.params;
      const recorded = (await store.readStream(contractStreamId(jobId))) as unknown as ContractEvent[];
      const state = foldEvents(contractDecider, recorded);
      if (state.status === 'none') throw new NotFoundError(M.notFound);
      // The log says which copies belong to this contract; a copy the log does not name is not its copy.
      const signatures = recorded.flatMap((event) =>
        event.type === 'ContractSigned' && event.data.legalCopyId ? [event.data] : [],
      );
      const copies = await legalCopiesByIds(
        sql,
        signatures.map((signature) => signature.legalCopyId!),
      );
      const context = commandContext(request);
      await handleCommand(
        store,
        legalCopyReadsStreamId(jobId),
        legalCopyDecider,
        {
          type: 'RecordLegalCopyRead',
          jobId,
          copyIds: copies.map((copy) => copy.copyId),
          adminId: admin.id,
          reason: request.body.reason,
          now: context.now,
        },
        context,
      );
      const living = await displayNames(sql, [...new Set(copies.map((copy) => copy.accountId))]);
      return {
        jobId,
        contract: {
          status: state.status,
          version: state.version,
          templateVersion: state.templateVersion,
          textHash: state.textHash,
        },
        copies: copies.map((copy) => {
          const signature = signatures.find((s) => s.legalCopyId === copy.copyId)!;
          return {
            copyId: copy.copyId,
            role: copy.role,
            accountId: copy.accountId,
            accountExists: living.has(copy.accountId),
            version: copy.version,
            templateVersion: copy.templateVersion,
            textHash: copy.textHash,
            matchesSignature:
              copy.textHash === signature.textHash &&
              copy.version === signature.version &&
              copy.role === signature.role &&
              copy.accountId === signature.userId,
            current: copy.version === state.version,
            nameAtSigning: copy.nameAtSigning,
            typedName: copy.typedName,
            userAgent: copy.userAgent,
            signedAt: copy.signedAt.toISOString(),
            retainUntil: copy.retainUntil.toISOString(),
          };
        }),
        readAt: context.now.toISOString(),
      };
    },
  );
};
