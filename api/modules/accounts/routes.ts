import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAccount } from '../../../projections/accounts.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../shared/errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { answerAfterReadModels, commandContext } from '../../plugins/command-pipeline.ts';
import { personalDataById } from './personal-data.ts';
import {
  closeAccountBody,
  confirmRegistrationBody,
  loginBody,
  registerBody,
  switchUserBody,
  userSchema,
} from '../../../shared/http/accounts.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { closeAccount, verifyCredentials } from './service.ts';
import { createSignUpFlow } from './sign-up.ts';
import { SUSPENSION_MESSAGES } from '../../../shared/domain/accounts/decider.ts';
import {
  CONFIRMATION_LIFETIME_MS,
  SIGN_UP_EMAILS_PER_ADDRESS,
} from '../../../shared/domain/accounts/pending-registration.ts';
import { normaliseEmail } from '../../../shared/domain/accounts/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { SWITCH_USER_MESSAGES, userSwitchDecider } from '../../../shared/domain/user-switch/decider.ts';
import { userSwitchStreamId } from '../../../shared/domain/user-switch/streams.ts';
import { seededDemoAccounts } from './demo-accounts.ts';
import { createMailTransport } from '../../../shared/email/transport.ts';
import { siteUrlOf } from '../../../shared/email/sender.ts';

const LOGIN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/**
 * The cookie that binds a sign-up's link to the browser that signed up: opened there, the link
 * confirms in one click; anywhere else it asks for the password (docs/decisions.md). Sent only to
 * the auth API, for as long as the link works.
 */
export const SIGN_UP_BINDING_COOKIE = 'signup_binding';
const SIGN_UP_BINDING_COOKIE_OPTIONS = {
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'lax',
  // Secure whenever the request came over HTTPS, as the session cookie (behind a proxy: TRUST_PROXY).
  secure: 'auto',
  maxAge: CONFIRMATION_LIFETIME_MS / 1000,
} as const;
const successSchema = z.object({ success: z.literal(true) });
/** The one answer to every valid sign-up, whether or not the address already has an account. */
const SIGN_UP_ANSWER = { status: 'confirmation-sent' } as const;
export const LOGOUT_BY_POST_MESSAGE = 'Sign out with POST /api/auth/logout.';

/** Sign-up, sign-in, sign-out, switch-user and account deletion (docs/product.md#accounts). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.runtime.sql, store: app.runtime.store, emailHashKey: app.secrets.emailHashKey };
  const mail = createMailTransport({ smtpUrl: app.config.SMTP_URL, dataDir: app.config.DATA_DIR });
  const signUp = createSignUpFlow({
    ...deps,
    mail,
    siteUrl: siteUrlOf(app.config),
    logger: { info: (message) => app.log.info(message), error: (obj, message) => app.log.error(obj, message) },
    logConfirmationLinks: !app.config.production && !app.config.SMTP_URL,
  });
  // At most SIGN_UP_EMAILS_PER_ADDRESS sign-up e-mails an hour per address, counted by the rate-limit
  // plugin (Redis when configured) under a keyed hash, so no one floods an inbox through sign-up.
  // Counted for every sign-up but never answered: a 429 here would tell which addresses are taken.
  const signUpMailLimit = app.createRateLimit({
    max: SIGN_UP_EMAILS_PER_ADDRESS.max,
    timeWindow: SIGN_UP_EMAILS_PER_ADDRESS.windowMs,
    keyGenerator: (request) =>
      `signup-mail:${createHmac('sha256', deps.emailHashKey)
        .update(normaliseEmail((request.body as { email: string }).email))
        .digest('base64url')}`,
  });
  app.addHook('onClose', async () => {
    await signUp.drain();
    mail.close();
  });

  async function userById(accountId: string): Promise<CurrentUser | null> {
    const [account, personal] = await Promise.all([
      findAccount(app.runtime.sql, accountId),
      personalDataById(app.runtime.sql, accountId),
    ]);
    if (!account || account.status !== 'active' || !personal) return null;
    return { id: accountId, role: account.role, name: personal.name, email: personal.email, authenticated: true };
  }

  /**
   * Who is really at the keyboard: after a switch, the person who switched (an admin acting as a
   * member stays the admin for the next switch and in its record), else the signed-in user.
   */
  async function realActor(request: Parameters<typeof commandContext>[0]): Promise<CurrentUser | null> {
    const switchedBy = request.session.switchedBy;
    return switchedBy ? userById(switchedBy) : request.currentUser();
  }

  /** A new session id at every sign-in (no session fixation). */
  async function signIn(request: Parameters<typeof commandContext>[0], userId: string) {
    await request.session.regenerate();
    request.session.userId = userId;
  }

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      if (!user) throw new UnauthorizedError('Not signed in');
      return user;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: z.object({ user: userSchema }), 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const personal = await verifyCredentials(deps, request.body.email, request.body.password);
      const user = await userById(personal.accountId);
      if (!user) {
        // The password was right: a suspended holder is told why they cannot sign in.
        const account = await findAccount(app.runtime.sql, personal.accountId);
        if (account?.status === 'suspended') throw new ForbiddenError(SUSPENSION_MESSAGES.suspended);
        throw new UnauthorizedError('Invalid email or password');
      }
      await signIn(request, user.id);
      return { user };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary:
          'Sign up as a customer or contractor: e-mails a confirmation link (or, for an address that has an account, tells its owner); the same answer either way',
        body: registerBody,
        response: { 202: z.object({ status: z.literal('confirmation-sent') }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { binding } = await signUp.request(
        { ...request.body, language: request.body.language ?? 'en' },
        commandContext(request),
        async () => {
          const limit = await signUpMailLimit(request);
          return limit.isAllowed || !limit.isExceeded;
        },
      );
      // Set for every sign-up, also for an address that has an account: the answer stays the same.
      reply.setCookie(SIGN_UP_BINDING_COOKIE, binding, SIGN_UP_BINDING_COOKIE_OPTIONS);
      return reply.code(202).send(SIGN_UP_ANSWER);
    },
  );

  app.post(
    '/api/auth/confirm-registration',
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary:
          'Create the account a sign-up confirmation link stands for; signs the new user in. From a browser other than the one that signed up, the password chosen at sign-up is needed too (else 401)',
        body: confirmRegistrationBody,
        response: {
          201: z.object({ user: userSchema }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          410: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { accountId, position, pending, provedBy } = await signUp.confirm(
        request.body.token,
        { binding: request.cookies[SIGN_UP_BINDING_COOKIE], password: request.body.password },
        commandContext(request),
      );
      await signIn(request, accountId);
      // Its sign-up is done: the binding used has nothing left to prove. A confirmation proved by
      // the password leaves this browser's binding alone: it belongs to a sign-up of its own.
      if (provedBy === 'binding') {
        reply.clearCookie(SIGN_UP_BINDING_COOKIE, { path: SIGN_UP_BINDING_COOKIE_OPTIONS.path });
      }
      const user: CurrentUser = {
        id: accountId,
        role: pending.role,
        name: pending.name,
        email: pending.email,
        authenticated: true,
      };
      return answerAfterReadModels(request, reply, position, { user }, { statusCode: 201 });
    },
  );

  async function logout(request: Parameters<typeof commandContext>[0]) {
    if (request.session.userId || request.session.sessionId) await request.session.destroy();
  }

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['accounts'], summary: 'Sign out', response: { 200: successSchema } } },
    async (request) => {
      await logout(request);
      return { success: true as const };
    },
  );

  // The third-party sign-out path the site's client tries first (docs/product.md#api). A GET must not sign anyone out:
  // any site could trigger it (an <img src>, a link); the client falls back to the POST.
  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Not a way to sign out: answers 405 (sign out with POST)',
        response: { 405: errorSchema },
      },
    },
    async (_request, reply) => reply.code(405).header('allow', 'POST').send({ error: LOGOUT_BY_POST_MESSAGE }),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['accounts'], summary: 'Sign out (as POST /api/auth/logout)', response: { 200: successSchema } },
    },
    async (request) => {
      await logout(request);
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/switch-user',
    {
      // The gate before the body is read: a customer learns nothing from a validation message.
      onRequest: async function adminUnlessDemo(request) {
        const actor = await realActor(request);
        if (!actor) throw new UnauthorizedError();
        if (!app.config.DEMO_MODE && actor.role !== 'admin') {
          throw new ForbiddenError(SWITCH_USER_MESSAGES.adminsOnly);
        }
      },
      schema: {
        tags: ['accounts'],
        summary:
          'Act as another user (admins; in demo mode, anyone into the seeded demo accounts). Every switch is recorded.',
        body: switchUserBody,
        response: { 200: z.object({ user: userSchema }), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = await realActor(request);
      if (!actor) throw new UnauthorizedError();
      const target = await userById(request.body.userId);
      if (!target) throw new NotFoundError('User not found.');
      const context = commandContext(request);
      // The record is written before the session changes: a switch that is not recorded does not happen.
      await handleCommand(
        app.runtime.store,
        userSwitchStreamId(actor.id),
        userSwitchDecider,
        {
          type: 'SwitchUser',
          actorId: actor.id,
          actorRole: actor.role,
          targetId: target.id,
          targetRole: target.role,
          targetIsDemoAccount: (await seededDemoAccounts(app.runtime.store)).has(target.id),
          demoMode: app.config.DEMO_MODE,
          now: context.now,
        },
        context,
      );
      await signIn(request, target.id);
      // Whoever switches on from here is still this person, not the account they act as.
      request.session.switchedBy = actor.id;
      return { user: target };
    },
  );

  app.command({
    method: 'DELETE',
    url: '/api/auth/account',
    access: 'signed-in',
    config: { rateLimit: LOGIN_RATE_LIMIT },
    schema: {
      tags: ['accounts'],
      summary: 'Delete my account and its personal data',
      body: closeAccountBody,
      response: { 200: successSchema, 401: errorSchema },
    },
    async run({ request, user, body, context, appended }) {
      await verifyCredentials(deps, user.email, body.password);
      const { position } = await closeAccount(deps, user.id, context);
      appended(position);
      // The answers kept for replays are the account's too, and can name people.
      await app.idempotencyStore.forgetScope(user.id);
      await request.session.destroy();
      return { success: true as const };
    },
  });
};
