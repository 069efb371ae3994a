import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CONFIRMATION_EXPIRED_MESSAGE,
  CONFIRMATION_INVALID_MESSAGE,
  CONFIRMATION_PASSWORD_NEEDED_MESSAGE,
  CONFIRMATION_WRONG_PASSWORD_MESSAGE,
  confirmationExpiry,
  confirmationProblem,
} from '../../../shared/domain/accounts/pending-registration.ts';
import type { PublicRole } from '../../../shared/domain/accounts/events.ts';
import type { CommandContext } from '../../../shared/domain/decider.ts';
import type { EmailLanguage } from '../../../shared/domain/notification-preferences/events.ts';
import {
  renderSignUpAttempt,
  renderSignUpConfirmation,
  signUpConfirmationUrl,
} from '../../../shared/email/account-emails.ts';
import { emailSender } from '../../../shared/email/messages.ts';
import type { MailTransport } from '../../../shared/email/transport.ts';
import { AppError, UnauthorizedError, ValidationError } from '../../../shared/errors.ts';
import type { Position } from '../../../shared/eventstore/types.ts';
import {
  claimPendingRegistration,
  findPendingRegistration,
  restorePendingRegistration,
  savePendingRegistration,
  type PendingRegistration,
} from '../../../shared/personal-data/pending-registrations.ts';
import { personalDataByEmail } from './personal-data.ts';
import { checkRegistrationAge, createAccount, hashPassword, verifyPassword, type AccountsDeps } from './service.ts';

export type SignUpRequest = {
  name: string;
  email: string;
  password: string;
  role: PublicRole;
  dateOfBirth: string;
  language: EmailLanguage;
};

type Logger = { info(message: string): void; error(obj: object, message: string): void };

export type SignUpDeps = AccountsDeps & {
  mail: MailTransport;
  /** Absolute base of the links in the e-mails. */
  siteUrl: string;
  logger: Logger;
  /** Development without SMTP: also log each confirmation link, so `npm start` can finish a sign-up. */
  logConfirmationLinks: boolean;
};

/**
 * SHA-256 of a link's token or of a browser binding: what the table keeps, so a leaked table holds
 * no working link and no cookie value. Both are 256 random bits, so a fast hash is enough.
 */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A fresh 256-bit random value, base64url (43 characters). */
const randomSecret = () => randomBytes(32).toString('base64url');

/** What a confirmation brings besides the token: the sign-up browser's cookie, or the password. */
export type ConfirmationProof = { binding?: string | undefined; password?: string | undefined };

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sign-up by e-mail confirmation (docs/decisions.md). `request` answers the same way, after the
 * same work (validation, the age rule, one argon2 hash, a fresh browser binding), whether or not
 * the address has an account; what differs (a pending registration and a confirmation e-mail, or
 * an e-mail to the address's owner) runs after the answer, so neither the answer nor its timing
 * tells them apart. `confirm` performs the registration from the link's token, for the browser
 * that signed up or for someone who knows the password chosen then.
 */
export function createSignUpFlow(deps: SignUpDeps) {
  const inFlight = new Set<Promise<void>>();

  async function send(
    to: { name: string; address: string },
    rendered: { subject: string; text: string; html: string },
  ) {
    await deps.mail.send(
      { from: emailSender.from, to, subject: rendered.subject, text: rendered.text, html: rendered.html },
      `signup-${randomUUID()}`,
    );
  }

  /** The part that depends on the address, after the answer has gone. */
  async function deliver(request: SignUpRequest, passwordHash: string, bindingHash: string, now: Date): Promise<void> {
    const existing = await personalDataByEmail(deps.sql, request.email);
    if (existing) {
      // No account change: the owner hears about it and can sign in.
      const rendered = renderSignUpAttempt({
        language: request.language,
        recipientName: existing.name,
        siteUrl: deps.siteUrl,
      });
      await send({ name: existing.name, address: existing.email }, rendered);
      return;
    }
    const token = randomSecret();
    await savePendingRegistration(deps.sql, {
      tokenHash: secretHash(token),
      bindingHash,
      name: request.name,
      email: request.email,
      passwordHash,
      dateOfBirth: request.dateOfBirth,
      role: request.role,
      language: request.language,
      createdAt: now,
      expiresAt: confirmationExpiry(now),
    });
    const confirmationUrl = signUpConfirmationUrl(deps.siteUrl, request.language, token);
    await send(
      { name: request.name, address: request.email },
      renderSignUpConfirmation({ language: request.language, recipientName: request.name, confirmationUrl }),
    );
    if (deps.logConfirmationLinks) {
      deps.logger.info(`Sign-up confirmation link for ${request.email} (development only): ${confirmationUrl}`);
    }
  }

  /**
   * Whether the confirmation may go ahead, and by what: the cookie of the browser that signed up,
   * else the password chosen then (argon2, as at sign-in). Throws 401 otherwise; nothing is changed.
   */
  async function checkProof(pending: PendingRegistration, proof: ConfirmationProof): Promise<'binding' | 'password'> {
    if (proof.binding && sameHash(secretHash(proof.binding), pending.bindingHash)) {
      return 'binding';
    }
    if (proof.password === undefined) throw new UnauthorizedError(CONFIRMATION_PASSWORD_NEEDED_MESSAGE);
    if (!(await verifyPassword(pending.passwordHash, proof.password))) {
      throw new UnauthorizedError(CONFIRMATION_WRONG_PASSWORD_MESSAGE);
    }
    return 'password';
  }

  return {
    /**
     * Validated input in; resolves once the answer may go, with the browser binding: the value of
     * the cookie that lets this browser confirm in one click. Throws only for rules of the input.
     */
    async request(
      request: SignUpRequest,
      context: CommandContext,
      /** Counts this sign-up against its address's e-mail limit; false once the limit is reached. */
      mailAllowed: () => Promise<boolean>,
    ): Promise<{ binding: string }> {
      checkRegistrationAge(request.role, request.dateOfBirth, context.now);
      const passwordHash = await hashPassword(request.password);
      // Made for every sign-up, whether or not the address has an account: the answer is the same.
      const binding = randomSecret();
      const bindingHash = secretHash(binding);
      // Counted only for a sign-up the rules accept: refused ones cannot use up an address's e-mails.
      if (!(await mailAllowed())) {
        // Past SIGN_UP_EMAILS_PER_ADDRESS: no e-mail, and the same answer.
        deps.logger.info('Sign-up e-mail not sent: too many for this address in the last hour.');
        return { binding };
      }
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deliver(request, passwordHash, bindingHash, context.now))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'sign-up e-mail failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      return { binding };
    },

    /**
     * Creates the account a confirmation link stands for; the link works once. The proof is
     * checked before the row is taken, so a refused proof leaves the link working, and the row is
     * then taken in one statement, so of two accepted confirmations only one creates the account.
     */
    async confirm(
      token: string,
      proof: ConfirmationProof,
      context: CommandContext,
    ): Promise<{
      accountId: string;
      position: Position;
      pending: PendingRegistration;
      provedBy: 'binding' | 'password';
    }> {
      const hash = secretHash(token);
      const found = await findPendingRegistration(deps.sql, hash);
      const problem = confirmationProblem(found, context.now);
      if (problem === 'invalid' || !found) throw new ValidationError(CONFIRMATION_INVALID_MESSAGE);
      if (problem === 'expired') {
        await claimPendingRegistration(deps.sql, hash);
        throw new AppError(410, CONFIRMATION_EXPIRED_MESSAGE);
      }
      const provedBy = await checkProof(found, proof);
      // Null when another confirmation took it meanwhile, or a new sign-up replaced it.
      const pending = await claimPendingRegistration(deps.sql, hash);
      if (!pending) throw new ValidationError(CONFIRMATION_INVALID_MESSAGE);
      try {
        const { accountId, position } = await createAccount(deps, pending, context);
        return { accountId, position, pending, provedBy };
      } catch (error) {
        // A refusal (the address got registered meanwhile: 409) ends the sign-up; an outage does not.
        const refused = error instanceof AppError && error.statusCode < 500;
        if (!refused) await restorePendingRegistration(deps.sql, pending).catch(() => {});
        throw error;
      }
    },

    /** Waits for the e-mails still being sent (the app is closing). */
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type SignUpFlow = ReturnType<typeof createSignUpFlow>;
