import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractDecider } from '../../../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractEvent, contractEventSchemas } from '../../../shared/domain/contracts/events.ts';
import { foldEvents } from '../../../shared/domain/decider.ts';
import { legalCopyDecider } from '../../../shared/domain/legal-copies/decider.ts';
import { legalCopyReadsStreamId } from '../../../shared/domain/legal-copies/events.ts';
import { LEGAL_COPY_MESSAGES as M } from '../../../shared/domain/legal-copies/messages.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { legalCopyJobParams, legalCopyReadBody, legalCopyReadView } from '../../../shared/http/legal-copies.ts';
import { legalCopiesByIds } from '../../../shared/personal-data/legal-copies.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { legalCopyReadViewOf, signaturesWithCopies } from './views.ts';

/**
 * The legal copies of a contract's signatures (shared/personal-data/legal-copies.ts): the names the
 * law makes us keep after an account is deleted. Only an administrator reads them, always with a
 * reason, and each reading is an event naming who read which copies and why.
 */
export const legalCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.command({
    method: 'POST',
    url: '/api/admin/legal-copies/:jobId/read',
    access: ['admin'],
    schema: {
      tags: ['legal copies'],
      summary: 'Read the legal copies of a contract’s signatures, with a reason (admin only; the reading is recorded)',
      description:
        'Answers the names at signing, the typed names and the user agents kept with each signature, and appends LegalCopyRead (who, which copies, when, why) to legal-copy-reads-<jobId>.',
      params: legalCopyJobParams,
      body: legalCopyReadBody,
      response: {
        200: legalCopyReadView,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    },
    // No read model answers the reading: the answer is the copies, read now.
    readModels: [],
    async run({ user, params, body, context, decide }) {
      const { jobId } = params;
      const recorded = await readEvents<ContractEvent>(store, contractStreamId(jobId), contractEventSchemas);
      const state = foldEvents(contractDecider, recorded);
      if (state.status === 'none') throw new NotFoundError(M.notFound);
      // The log says which copies belong to this contract; a copy the log does not name is not its copy.
      const signatures = signaturesWithCopies(
        recorded.flatMap((event) => (event.type === 'ContractSigned' ? [event.data] : [])),
      );
      const copies = await legalCopiesByIds(
        sql,
        signatures.map((signature) => signature.legalCopyId),
      );
      await decide(legalCopyReadsStreamId(jobId), legalCopyDecider, {
        type: 'RecordLegalCopyRead',
        jobId,
        copyIds: copies.map((copy) => copy.copyId),
        adminId: user.id,
        reason: body.reason,
        now: context.now,
      });
      const living = await displayNames(sql, [...new Set(copies.map((copy) => copy.accountId))]);
      return legalCopyReadViewOf({
        jobId,
        contract: {
          status: state.status,
          version: state.version,
          templateVersion: state.templateVersion,
          textHash: state.textHash,
        },
        signatures,
        copies,
        livingAccounts: living,
        readAt: context.now,
      });
    },
  });
};
