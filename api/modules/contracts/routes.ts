import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractsOf, findContract, type ContractRow } from '../../../projections/contracts.ts';
import { findEscrow } from '../../../projections/escrows.ts';
import { contractDecider } from '../../../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractEvent } from '../../../shared/domain/contracts/events.ts';
import { CONTRACT_MESSAGES as M } from '../../../shared/domain/contracts/messages.ts';
import { renderContract } from '../../../shared/domain/contracts/template.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { verifyEvents } from '../../../shared/eventstore/hash-chain.ts';
import { ConflictError, NotFoundError } from '../../../shared/errors.ts';
import { appendBesideTheLog } from '../../../shared/personal-data/beside-the-log.ts';
import { confirmLegalCopy, deleteLegalCopy, insertSignatureCopy } from '../../../shared/personal-data/legal-copies.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames, FORMER_MEMBER } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { contractListView, contractView, jobParams, reviseBody, signBody, verifyView } from './schemas.ts';

const READ_MODELS = ['contracts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

type ViewerRole = 'customer' | 'contractor' | 'admin';

function viewerRoleOf(row: ContractRow, viewer: CurrentUser): ViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

type Parties = Record<'customer' | 'contractor', { id: string; name: string }>;

/**
 * The text of the row's current version. From template v2 on it names no one and is exactly the
 * text that was hashed. A v1 text named the parties; the read model no longer holds those names,
 * so it is shown with today's names, which match the signed text while both accounts exist.
 */
function renderedOf(row: ContractRow, parties: Parties) {
  const current = row.versions[row.versions.length - 1]!;
  const terms =
    row.templateVersion === 'v1'
      ? {
          ...row.terms,
          customer: { ...row.terms.customer, name: parties.customer.name },
          contractor: { ...row.terms.contractor, name: parties.contractor.name },
        }
      : row.terms;
  return renderContract(terms, { version: row.version, generatedAt: current.at }, row.templateVersion);
}

/** The parties with their names today: looked up, never kept, so a deleted account reads "Former member". */
async function partiesOf(sql: Parameters<typeof displayNames>[0], row: ContractRow): Promise<Parties> {
  const names = await displayNames(sql, [row.customerId, row.contractorId]);
  return {
    customer: { id: row.customerId, name: names.get(row.customerId) ?? FORMER_MEMBER },
    contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? FORMER_MEMBER },
  };
}

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
    const [escrow, parties] = await Promise.all([findEscrow(sql, jobId), partiesOf(sql, row)]);
    const party = role !== 'admin' ? role : null;
    return {
      jobId: row.jobId,
      jobKind: row.jobKind,
      status: row.status,
      version: row.version,
      templateVersion: row.templateVersion,
      viewerRole: role,
      title: row.title,
      priceCents: row.priceCents,
      terms: row.terms,
      parties,
      rendered: renderedOf(row, parties),
      signatures: row.signatures,
      versions: row.versions,
      generatedAt: row.generatedAt.toISOString(),
      executedAt: row.executedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      accountName: viewer.name,
      actions: {
        sign:
          party !== null && row.status === 'awaiting-signatures' && !row.signatures[party] && row.priceCents !== null,
        // A recurring service's agreement keeps the terms the customer subscribed to.
        revise: party !== null && row.status === 'awaiting-signatures' && row.jobKind !== 'subscription',
      },
      escrow: escrow ? { status: escrow.status, amountCents: escrow.amountCents } : null,
    };
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
      const names = await displayNames(sql, [...new Set(rows.flatMap((row) => [row.customerId, row.contractorId]))]);
      const escrows = new Map<string, string>();
      if (rows.length > 0) {
        const found = await sql<{ jobId: string; status: string }[]>`
          select job_id as "jobId", status from rm_escrows where job_id = any(${rows.map((r) => r.jobId)}::uuid[])`;
        for (const e of found) escrows.set(e.jobId, e.status);
      }
      return {
        contracts: rows.map((row) => {
          const role: 'customer' | 'contractor' = row.customerId === user.id ? 'customer' : 'contractor';
          const other = role === 'customer' ? row.terms.contractor : row.terms.customer;
          return {
            jobId: row.jobId,
            jobKind: row.jobKind,
            title: row.title,
            status: row.status,
            version: row.version,
            priceCents: row.priceCents,
            viewerRole: role,
            counterparty: { id: other.userId, name: names.get(other.userId) ?? FORMER_MEMBER },
            signedByMe: Boolean(row.signatures[role]),
            signedByOther: Boolean(row.signatures[role === 'customer' ? 'contractor' : 'customer']),
            executedAt: row.executedAt?.toISOString() ?? null,
            updatedAt: row.updatedAt.toISOString(),
            escrowStatus: escrows.get(row.jobId) ?? null,
          };
        }),
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

  app.post(
    '/api/contracts/:jobId/sign',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contracts'],
        summary: 'Sign the version I was shown: my typed full name, consent, the text hash',
        description:
          'The signature event records who signed, the time and the SHA-256 of the exact text. The typed name, the account’s name and the browser (User-Agent) go to the signature’s legal copy, outside the event log. When the other party has signed this version too, the contract is executed and its escrow opens.',
        params: jobParams,
        body: signBody,
        response: { 200: contractView, 202: contractView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { row } = await contractFor(request.params.jobId, user);
      const context = commandContext(request);
      const userAgent = String(request.headers['user-agent'] ?? 'unknown').slice(0, 500);
      const legalCopyId = randomUUID();
      const result = await appendBesideTheLog(
        { confirm: () => confirmLegalCopy(sql, legalCopyId), remove: () => deleteLegalCopy(sql, legalCopyId) },
        (keep) =>
          handleCommand(
            store,
            contractStreamId(row.jobId),
            contractDecider,
            async (state) => {
              const command = {
                type: 'SignContract' as const,
                actorId: user.id,
                version: request.body.version,
                textHash: request.body.textHash,
                typedName: request.body.typedName,
                accountName: user.name,
                consent: request.body.consent,
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
                    typedName: request.body.typedName,
                    userAgent,
                    signedAt: context.now,
                  }),
                );
              }
              return command;
            },
            context,
          ),
      );
      return answerWithView(request, reply, result.position, READ_MODELS, () => view(row.jobId, user));
    },
  );

  app.put(
    '/api/contracts/:jobId/terms',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contracts'],
        summary: 'Edit the terms before both signed: a new version, earlier signatures are void',
        params: jobParams,
        body: reviseBody,
        response: { 200: contractView, 202: contractView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { row } = await contractFor(request.params.jobId, user);
      const context = commandContext(request);
      const { version, ...changes } = request.body;
      const result = await handleCommand(
        store,
        contractStreamId(row.jobId),
        contractDecider,
        (state) => {
          // An edit made on an outdated view would silently overwrite the other party's edit.
          if (state.status !== 'none' && state.version !== version) throw new ConflictError(M.staleVersion);
          return { type: 'ReviseContract' as const, actorId: user.id, changes, now: context.now };
        },
        context,
      );
      return answerWithView(request, reply, result.position, READ_MODELS, () => view(row.jobId, user));
    },
  );

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
      const recorded = await store.readStream(contractStreamId(row.jobId));
      const chain = verifyEvents(contractStreamId(row.jobId), recorded);
      const state = foldEvents(contractDecider, recorded as unknown as ContractEvent[]);
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
