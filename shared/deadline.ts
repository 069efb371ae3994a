/**
 * `work`'s own outcome, or a rejection with `message` once `ms` have passed without one. The work
 * goes on regardless: this bounds how long a caller waits (a statement on a connection that may be
 * dead, a takeover in flight at shutdown), it does not cancel anything.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
