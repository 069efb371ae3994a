import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractsOf, findContract } from '../../../projections/contracts.ts';
import { escrowStatusesOf, findEscrow } from '../../../projections/escrows.ts';
import { contractDecider } from '../../../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractEvent, contractEventSchemas } from '../../../shared/domain/contracts/events.ts';
import { CONTRACT_MESSAGES as M } from '../../../shared/domain/contracts/messages.ts';
import { renderContract } from '../../../shared/domain/contracts/template.ts';
import { foldEvents } from '../../../shared/domain/decider.ts';
import { verifyEvents } from '../../../shared/eventstore/hash-chain.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { ConflictError, NotFoundError } from '../../../shared/errors.ts';
import {
  contractListView,
  contractView,
  jobParams,
  reviseBody,
  signBody,
  verifyView,
} from '../../../shared/http/contracts.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { appendBesideTheLog } from '../../../shared/personal-data/beside-the-log.ts';
import { confirmLegalCopy, deleteLegalCopy, insertSignatureCopy } from '../../../shared/personal-data/legal-copies.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { contractListItemOf, contractViewOf, partiesOf, viewerRoleOf } from './views.ts';

const READ_MODELS = ['contracts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Contracts: the parties (and admins) read them; only the parties sign or revise. Everyone else
 * gets the same 404 as for a contract that does not exist, so ids cannot be probed.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function contractFor(jobId: string, viewer: CurrentUser) {
    const row = await findContract(sql, jobId);
    const role = row ? viewerRoleOf(row, viewer) : null;
    if (!row || !role) throw new NotFoundError(M.notFound);
    return { row, role };
  }

  async function view(jobId: string, viewer: CurrentUser) {
    const { row, role } = await contractFor(jobId, viewer);
    const [escrow, names] = await Promise.all([
      findEscrow(sql, jobId),
      displayNames(sql, [row.customerId, row.contractorId]),
    ]);
    return contractViewOf(row, role, { parties: partiesOf(row, names), escrow, accountName: viewer.name });
  }

  app.get(
    '/api/contracts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contracts'],
        summary: 'The contracts I am a party to, most recently changed first',
        response: { 200: contractListView, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await contractsOf(sql, user.id);
      const [names, escrows] = await Promise.all([
        displayNames(sql, [...new Set(rows.flatMap((row) => [row.customerId, row.contractorId]))]),
        escrowStatusesOf(
          sql,
          rows.map((row) => row.jobId),
        ),
      ]);
      return {
        contracts: rows.map((row) => contractListItemOf(row, user.id, names, escrows.get(row.jobId) ?? null)),
      };
    },
  );

  app.get(
    '/api/contracts/:jobId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contracts'],
        summary: 'A contract with its rendered text (both languages, Bill 96 order), hash and signatures',
        params: jobParams,
        response: { 200: contractView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => view(request.params.jobId, await signedInUser(request)),
  );

  app.command({
    method: 'POST',
    url: '/api/contracts/:jobId/sign',
    access: 'signed-in',
    schema: {
      tags: ['contracts'],
      summary: 'Sign the version I was shown: my typed full name, consent, the text hash',
      description:
        'The signature event records who signed, the time and the SHA-256 of the exact text. The typed name, the account’s name and the browser (User-Agent) go to the signature’s legal copy, outside the event log. When the other party has signed this version too, the contract is executed and its escrow opens.',
      params: jobParams,
      body: signBody,
      response: { 200: contractView, 202: contractView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ request, user, params, body, context, decide }) {
      const { row } = await contractFor(params.jobId, user);
      const userAgent = String(request.headers['user-agent'] ?? 'unknown').slice(0, 500);
      const legalCopyId = randomUUID();
      await appendBesideTheLog(
        { confirm: () => confirmLegalCopy(sql, legalCopyId), remove: () => deleteLegalCopy(sql, legalCopyId) },
        (keep) =>
          decide(contractStreamId(row.jobId), contractDecider, async (state) => {
            const command = {
              type: 'SignContract' as const,
              actorId: user.id,
              version: body.version,
              textHash: body.textHash,
              typedName: body.typedName,
              accountName: user.name,
              consent: body.consent,
              legalCopyId,
              now: context.now,
            };
            // The legal copy, only for a signature the rules accept (deciding is pure, so asking
            // twice is free).
            const [signed] = contractDecider.decide(command, state);
            if (signed?.type === 'ContractSigned' && state.status !== 'none') {
              await keep(() =>
                insertSignatureCopy(sql, {
                  copyId: legalCopyId,
                  jobId: row.jobId,
                  version: signed.data.version,
                  role: signed.data.role,
                  accountId: user.id,
                  templateVersion: state.templateVersion,
                  textHash: signed.data.textHash,
                  nameAtSigning: user.name,
                  typedName: body.typedName,
                  userAgent,
                  signedAt: context.now,
                }),
              );
            }
            return command;
          }),
      );
      return () => view(row.jobId, user);
    },
  });

  app.command({
    method: 'PUT',
    url: '/api/contracts/:jobId/terms',
    access: 'signed-in',
    schema: {
      tags: ['contracts'],
      summary: 'Edit the terms before both signed: a new version, earlier signatures are void',
      params: jobParams,
      body: reviseBody,
      response: { 200: contractView, 202: contractView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const { row } = await contractFor(params.jobId, user);
      const { version, ...changes } = body;
      await decide(contractStreamId(row.jobId), contractDecider, (state) => {
        // An edit made on an outdated view would silently overwrite the other party's edit.
        if (state.status !== 'none' && state.version !== version) throw new ConflictError(M.staleVersion);
        return { type: 'ReviseContract' as const, actorId: user.id, changes, now: context.now };
      });
      return () => view(row.jobId, user);
    },
  });

  app.get(
    '/api/contracts/:jobId/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contracts'],
        summary: 'Recompute the contract hash from its events and check each signature and the hash chain',
        params: jobParams,
        response: { 200: verifyView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { row } = await contractFor(request.params.jobId, user);
      const recorded = await readEvents<ContractEvent>(store, contractStreamId(row.jobId), contractEventSchemas);
      const chain = verifyEvents(contractStreamId(row.jobId), recorded);
      const state = foldEvents(contractDecider, recorded);
      if (state.status === 'none') throw new NotFoundError(M.notFound);
      // Re-render from the events, not from the read model, and compare with what was recorded.
      const rendered = renderContract(
        state.terms,
        { version: state.version, generatedAt: state.generatedAt },
        state.templateVersion,
      );
      const textMatches = rendered.textHash === state.textHash;
      const signatures = (['customer', 'contractor'] as const)
        .filter((role) => state.signatures[role])
        .map((role) => ({ role, matches: state.signatures[role]!.textHash === rendered.textHash }));
      return {
        ok: chain.ok && textMatches && signatures.every((s) => s.matches),
        textHash: rendered.textHash,
        signatures,
        chain: chain.ok
          ? { ok: true as const, length: chain.length, headHash: chain.headHash }
          : { ok: false as const, revision: chain.revision.toString(), reason: chain.reason },
      };
    },
  );
};
