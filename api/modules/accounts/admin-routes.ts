import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDecider,
  SUSPENSION_LIMITS,
  SUSPENSION_MESSAGES as M,
} from '../../../shared/domain/accounts/decider.ts';
import { roles } from '../../../shared/domain/accounts/events.ts';
import { switchModes, type SwitchMode } from '../../../shared/domain/user-switch/events.ts';
import { accountStreamId } from '../../../shared/domain/accounts/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { FORMER_MEMBER } from './personal-data.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from './schemas.ts';
import { wholeNumberQuery } from '../query.ts';

const READ_MODELS = ['accounts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const statuses = ['active', 'suspended', 'closed'] as const;

const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(statuses),
  registeredAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
type UserRow = z.infer<typeof userRow>;

const listQuery = z.strictObject({
  q: z.string().trim().max(100, { error: 'The search can be at most 100 characters' }).default(''),
  status: z.enum(statuses, { error: 'status must be active, suspended or closed' }).optional(),
  role: z.enum(roles, { error: 'role must be customer, contractor or admin' }).optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 25 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});
const idParams = z.strictObject({ id: z.uuid({ error: 'The user id is not valid' }) });
const suspendBody = z.strictObject({
  reason: z
    .string({ error: M.reason })
    .trim()
    .min(SUSPENSION_LIMITS.reasonMin, { error: M.reason })
    .max(SUSPENSION_LIMITS.reasonMax, { error: M.reason }),
});

const switchesQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 25 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});
const person = z.object({ id: z.string(), name: z.string() });
const switchRow = z.object({
  id: z.string(),
  actor: person,
  target: person,
  mode: z.enum(switchModes),
  switchedAt: z.string(),
});
/** What a deleted account's name reads as (the site shows its translation). */

/** `%` and `_` are literal in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users for the admin dashboard (spec section 2): search by name or e-mail, suspend or restore,
 * and the record of who acted as whom through switch-user. Suspension takes effect at once: every request reads the account's status
 * (api/plugins/auth.ts), and the answer waits until the accounts read model has the change, so
 * the suspended user's next request is refused. Closed accounts have no personal data left and are
 * not listed.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  type Filter = { id?: string; q?: string; status?: UserRow['status']; role?: UserRow['role'] };

  async function find(filter: Filter, limit: number, offset: number): Promise<UserRow[]> {
    const q = filter.q ?? '';
    const pattern = likePattern(q);
    const rows = await sql<
      {
        id: string;
        name: string;
        email: string;
        role: UserRow['role'];
        status: UserRow['status'];
        registeredAt: Date;
        suspendedAt: Date | null;
        suspensionReason: string | null;
      }[]
    >`
      select a.account_id as id, p.name, p.email, a.role, a.status, a.registered_at as "registeredAt",
        a.suspended_at as "suspendedAt", a.suspension_reason as "suspensionReason"
      from rm_accounts a join account_personal p on p.account_id = a.account_id
      where (${filter.id ?? null}::uuid is null or a.account_id = ${filter.id ?? null})
        and (${q} = '' or p.name ilike ${pattern} or p.email ilike ${pattern})
        and (${filter.status ?? null}::text is null or a.status = ${filter.status ?? null})
        and (${filter.role ?? null}::text is null or a.role = ${filter.role ?? null})
      order by a.registered_at desc, a.account_id limit ${limit} offset ${offset}`;
    return rows.map((r) => ({
      ...r,
      registeredAt: r.registeredAt.toISOString(),
      suspendedAt: r.suspendedAt?.toISOString() ?? null,
    }));
  }

  async function one(id: string): Promise<UserRow> {
    const [row] = await find({ id }, 1, 0);
    if (!row) throw new NotFoundError(M.notFound);
    return row;
  }

  app.get(
    '/api/admin/users',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first, searched by name or e-mail (admins)',
        querystring: listQuery,
        response: { 200: z.object({ users: z.array(userRow) }), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { q, status, role, limit, offset } = request.query;
      return { users: await find({ q, status, role }, limit, offset) };
    },
  );

  app.get(
    '/api/admin/user-switches',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Who acted as whom through switch-user, newest first (admins)',
        querystring: switchesQuery,
        response: {
          200: z.object({ total: z.number(), switches: z.array(switchRow) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      // Names come from the personal data now, not from the record: a deleted account has none left.
      const [rows, [count]] = await Promise.all([
        sql<
          {
            id: string;
            actorId: string;
            actorName: string | null;
            targetId: string;
            targetName: string | null;
            mode: SwitchMode;
            switchedAt: Date;
          }[]
        >`
          select s.event_id as id, s.actor_id as "actorId", actor.name as "actorName", s.target_id as "targetId",
            target.name as "targetName", s.mode, s.switched_at as "switchedAt"
          from rm_user_switches s
            left join account_personal actor on actor.account_id = s.actor_id
            left join account_personal target on target.account_id = s.target_id
          order by s.switched_at desc, s.seq desc limit ${limit} offset ${offset}`,
        sql<{ total: number }[]>`select count(*)::int as total from rm_user_switches`,
      ]);
      return {
        total: count?.total ?? 0,
        switches: rows.map((row) => ({
          id: row.id,
          actor: { id: row.actorId, name: row.actorName ?? FORMER_MEMBER },
          target: { id: row.targetId, name: row.targetName ?? FORMER_MEMBER },
          mode: row.mode,
          switchedAt: row.switchedAt.toISOString(),
        })),
      };
    },
  );

  for (const action of ['suspend', 'restore'] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary:
            action === 'suspend'
              ? 'Suspend a user at once, with a reason (admins; not other admins)'
              : 'Restore a suspended user (admins)',
          params: idParams,
          body: action === 'suspend' ? suspendBody : z.strictObject({}).optional(),
          response: { 200: z.object({ user: userRow }), 202: z.object({ user: userRow }), ...errors },
        },
      },
      async (request, reply) => {
        const admin = await signedInUser(request);
        const { id } = request.params;
        const context = commandContext(request);
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? '';
        const { position } = await handleCommand(
          store,
          accountStreamId(id),
          accountDecider,
          action === 'suspend'
            ? { type: 'SuspendAccount', accountId: id, adminId: admin.id, reason, now: context.now }
            : { type: 'RestoreAccount', accountId: id, adminId: admin.id, now: context.now },
          context,
        );
        return answerWithView(request, reply, position, READ_MODELS, async () => ({ user: await one(id) }));
      },
    );
  }
};
