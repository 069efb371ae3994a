import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * Publishes a signed tree head of the audit log (shared/audit/log.ts) whenever it has grown: every
 * 30 s, so a head is never more than a minute behind the history it covers. A tick that finds
 * nothing new writes nothing.
 */
export const auditHeadsJob: ScheduledJob = {
  name: 'audit-heads',
  intervalMs: 30_000,
  async run({ auditLog, now }) {
    if (!auditLog) throw new Error('the audit-heads job needs the audit log');
    const written = await auditLog.publisher.publish(now);
    return written.reduce((total, head) => total + head.entries.length, 0);
  },
};
