import { contactStreamId } from '../shared/domain/contact/streams.ts';
import { contractStreamId, type ContractEvent, contractEventSchemas } from '../shared/domain/contracts/events.ts';
import {
  confirmContactSender,
  deleteContactSender,
  purgeExpiredContactSenders,
  unconfirmedContactSenders,
} from '../shared/personal-data/contact-senders.ts';
import {
  confirmLegalCopy,
  deleteLegalCopy,
  purgeExpiredLegalCopies,
  unconfirmedLegalCopies,
} from '../shared/personal-data/legal-copies.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';
import { readEvents } from '../shared/eventstore/typed.ts';

/** A row written before its event and still unconfirmed this long after was left by a crash. */
const UNCONFIRMED_GRACE_MS = 60 * 60_000;

/**
 * The end of retention (docs/decisions.md, "Legal copies and retention"; the privacy policy states
 * the periods): legal copies of signatures and contact senders' names and e-mails are deleted once
 * their `retain_until` has passed. It also settles rows a crash left between their write and their
 * event: a row the log names is confirmed, a row it does not name is deleted (its event never was).
 */
export const personalDataPurgeJob: ScheduledJob = {
  name: 'personal-data-purge',
  intervalMs: 60 * 60_000,
  async run({ sql, store, now }) {
    let handled = (await purgeExpiredLegalCopies(sql, now)) + (await purgeExpiredContactSenders(sql, now));
    const before = new Date(now.getTime() - UNCONFIRMED_GRACE_MS);

    // One read of each contract's stream, however many of its copies wait.
    const copiesByJob = new Map<string, string[]>();
    for (const { copyId, jobId } of await unconfirmedLegalCopies(sql, before)) {
      copiesByJob.set(jobId, [...(copiesByJob.get(jobId) ?? []), copyId]);
    }
    for (const [jobId, copyIds] of copiesByJob) {
      const events = await readEvents<ContractEvent>(store, contractStreamId(jobId), contractEventSchemas);
      const named = new Set(
        events.flatMap((event) => (event.type === 'ContractSigned' ? [event.data.legalCopyId] : [])),
      );
      for (const copyId of copyIds) {
        await (named.has(copyId) ? confirmLegalCopy(sql, copyId) : deleteLegalCopy(sql, copyId));
        handled += 1;
      }
    }
    for (const messageId of await unconfirmedContactSenders(sql, before)) {
      const [received] = await store.readStream(contactStreamId(messageId), { maxCount: 1 });
      await (received ? confirmContactSender(sql, messageId) : deleteContactSender(sql, messageId));
      handled += 1;
    }
    return handled;
  },
};
