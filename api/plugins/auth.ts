import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/domain/accounts/events.ts';
import { ForbiddenError, UnauthorizedError } from '../../shared/errors.ts';

export type CurrentUser = {
  id: string;
  role: Role;
  name: string;
  email: string;
  authenticated: true;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, looked up once per request; null when signed out or closed. */
    currentUser(): Promise<CurrentUser | null>;
  }
  interface FastifyInstance {
    requireUser: onRequestAsyncHookHandler;
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

export const roleLabels: Record<Role, string> = { customer: 'customer', contractor: 'contractor', admin: 'admin' };

/**
 * Session, role and ownership are checked here, on the server, for every state-changing route: a
 * UI guard is not a guard. The lookup reads the accounts read model (role, status) and the
 * personal-data table (name, e-mail) in one query.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    async function lookUp(request: FastifyRequest): Promise<CurrentUser | null> {
      const userId = request.session?.userId;
      if (!userId) return null;
      const [row] = await app.runtime.sql<{ account_id: string; role: Role; name: string; email: string }[]>`
        select a.account_id, a.role, p.name, p.email
        from rm_accounts a join account_personal p on p.account_id = a.account_id
        where a.account_id = ${userId} and a.status = 'active'`;
      if (!row) return null;
      return { id: row.account_id, role: row.role, name: row.name, email: row.email, authenticated: true };
    }

    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = lookUp(this);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorate('requireUser', async function (request: FastifyRequest) {
      if (!(await request.currentUser())) throw new UnauthorizedError();
    });

    app.decorate('requireRole', (...roles: Role[]) => {
      return async function (request: FastifyRequest) {
        const user = await request.currentUser();
        if (!user) throw new UnauthorizedError();
        if (!roles.includes(user.role)) {
          throw new ForbiddenError(`Access denied. This page requires ${roles.join(' or ')} access.`);
        }
      };
    });
  },
  { name: 'auth', dependencies: ['session', 'runtime'] },
);

/** The signed-in user, for handlers behind `requireUser` / `requireRole`. */
export async function signedInUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await request.currentUser();
  if (!user) throw new UnauthorizedError();
  return user;
}
