/**
 * Abuse limits on the things people write for others to read (docs/decisions.md, "Abuse limits"):
 * how many of each a signed-in account, and a client address, may send in a window. Chosen so a
 * person never meets them (each is several times what a busy member does by hand) while a script
 * does within seconds. The API counts them with @fastify/rate-limit (api/plugins/abuse-limits.ts);
 * the tests and the bench read them from here.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type Limit = { readonly max: number; readonly windowMs: number };

export type AbuseLimit = {
  /** Per signed-in account (all its sessions and addresses together). */
  readonly account: Limit;
  /** Per client address (IPv6: per /64), for every caller, signed in or not. */
  readonly address: Limit;
  /** Per sender e-mail address (the contact form, which visitors use). */
  readonly email?: Limit;
};

export const ABUSE_LIMITS = {
  /** New forum discussions: writing one takes minutes. */
  forumPost: { account: { max: 10, windowMs: HOUR }, address: { max: 30, windowMs: HOUR } },
  /** Forum replies: short, and a member may answer several threads in a row. */
  forumReply: { account: { max: 30, windowMs: 10 * MINUTE }, address: { max: 90, windowMs: 10 * MINUTE } },
  /** Feedback board posts. */
  feedback: { account: { max: 10, windowMs: HOUR }, address: { max: 30, windowMs: HOUR } },
  /** The contact form: the team reads each message; an address or an e-mail writes rarely. */
  contact: {
    account: { max: 5, windowMs: 10 * MINUTE },
    address: { max: 5, windowMs: 10 * MINUTE },
    email: { max: 3, windowMs: HOUR },
  },
  /** Reviews of bookings and of barter trades: one per job, so even a backlog is a handful. */
  review: { account: { max: 20, windowMs: HOUR }, address: { max: 60, windowMs: HOUR } },
  /** Proposals (bids) on work orders: each has a price and a message. */
  proposal: { account: { max: 30, windowMs: HOUR }, address: { max: 90, windowMs: HOUR } },
  /** Messages in job conversations: a chat, so a minute's window; one every two seconds. */
  message: { account: { max: 30, windowMs: MINUTE }, address: { max: 90, windowMs: MINUTE } },
} as const satisfies Record<string, AbuseLimit>;

export type AbuseLimitKind = keyof typeof ABUSE_LIMITS;

/** The wait in words: seconds under two minutes, else whole minutes (rounded up). */
function waitInWords(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The 429's `error` text (the site translates it with `parseAbuseLimitMessage`). */
export function abuseLimitMessage(retryAfterSeconds: number): string {
  return `You are doing this too often. Please wait ${waitInWords(retryAfterSeconds)} and try again.`;
}

const MESSAGE_PATTERN = /^You are doing this too often\. Please wait (\d+) (second|seconds|minutes) and try again\.$/;

/** The wait a 429 text names, or null when the text is not the abuse limit's. */
export function parseAbuseLimitMessage(text: string): { count: number; unit: 'seconds' | 'minutes' } | null {
  const match = MESSAGE_PATTERN.exec(text);
  if (!match) return null;
  return { count: Number(match[1]), unit: match[2] === 'minutes' ? 'minutes' : 'seconds' };
}
