import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSwitchesPage } from '../../../projections/user-switches.ts';
import { accountDecider, SUSPENSION_MESSAGES as M } from '../../../shared/domain/accounts/decider.ts';
import { accountStreamId } from '../../../shared/domain/accounts/streams.ts';
import {
  adminUserParams,
  adminUsersQuery,
  adminUserView,
  restoreBody,
  suspendBody,
  userSwitchesQuery,
  userSwitchView,
} from '../../../shared/http/accounts.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { findAdminUsers, userSwitchView as switchViewOf } from './admin-users.ts';
import { displayNames } from './personal-data.ts';

const READ_MODELS = ['accounts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const userAnswer = z.object({ user: adminUserView });

/**
 * Users for the admin dashboard (docs/product.md#roles): search by name or e-mail, suspend or restore,
 * and the record of who acted as whom through switch-user. Suspension takes effect at once: every request reads the account's status
 * (api/plugins/auth.ts), and the answer waits until the accounts read model has the change, so
 * the suspended user's next request is refused. Closed accounts have no personal data left and are
 * not listed.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  async function one(id: string) {
    const [row] = await findAdminUsers(sql, { id }, 1, 0);
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
        querystring: adminUsersQuery,
        response: {
          200: z.object({ users: z.array(adminUserView) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const { q, status, role, limit, offset } = request.query;
      return { users: await findAdminUsers(sql, { q, status, role }, limit, offset) };
    },
  );

  app.get(
    '/api/admin/user-switches',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Who acted as whom through switch-user, newest first (admins)',
        querystring: userSwitchesQuery,
        response: {
          200: z.object({ total: z.number(), switches: z.array(userSwitchView) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      // Names come from the personal data now, not from the record: a deleted account has none left.
      const { total, rows } = await userSwitchesPage(sql, request.query);
      const names = await displayNames(sql, [...new Set(rows.flatMap((row) => [row.actorId, row.targetId]))]);
      return { total, switches: rows.map((row) => switchViewOf(row, names)) };
    },
  );

  app.command({
    method: 'POST',
    url: '/api/admin/users/:id/suspend',
    access: ['admin'],
    schema: {
      tags: ['admin'],
      summary: 'Suspend a user at once, with a reason (admins; not other admins)',
      params: adminUserParams,
      body: suspendBody,
      response: { 200: userAnswer, 202: userAnswer, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user: admin, params: { id }, body, context, decide }) {
      await decide(accountStreamId(id), accountDecider, {
        type: 'SuspendAccount',
        accountId: id,
        adminId: admin.id,
        reason: body.reason,
        now: context.now,
      });
      return async () => ({ user: await one(id) });
    },
  });

  app.command({
    method: 'POST',
    url: '/api/admin/users/:id/restore',
    access: ['admin'],
    schema: {
      tags: ['admin'],
      summary: 'Restore a suspended user (admins)',
      params: adminUserParams,
      body: restoreBody,
      response: { 200: userAnswer, 202: userAnswer, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user: admin, params: { id }, context, decide }) {
      await decide(accountStreamId(id), accountDecider, {
        type: 'RestoreAccount',
        accountId: id,
        adminId: admin.id,
        now: context.now,
      });
      return async () => ({ user: await one(id) });
    },
  });
};
