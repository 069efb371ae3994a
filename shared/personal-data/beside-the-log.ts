import { AppError } from '../errors.ts';
import { WrongExpectedVersionError } from '../eventstore/types.ts';

/** A row of personal data that an event names by id (a legal copy, a contact sender). */
export type PersonalRow = {
  confirm(): Promise<void>;
  remove(): Promise<void>;
};

/**
 * Appends an event that names a personal-data row, with the row kept beside the log: `append`
 * calls `keep(insert)` once the command is accepted (before its event, so the event never names a
 * row that does not exist; a retried command loop inserts once); after the append the row is
 * confirmed. A certain refusal (a rule, or a
 * concurrent write the command loop gave up on) removes the row. Any other failure (a connection
 * lost after the commit: the event may be in the log) leaves it unconfirmed, and the purge job
 * (workflows/personal-data-purge.ts) settles it by looking at the log.
 */
export async function appendBesideTheLog<T>(
  row: PersonalRow,
  append: (keep: (insert: () => Promise<void>) => Promise<void>) => Promise<T>,
): Promise<T> {
  let written = false;
  const keep = async (insert: () => Promise<void>) => {
    if (written) return;
    await insert();
    written = true;
  };
  let result: T;
  try {
    result = await append(keep);
  } catch (error) {
    const refused = error instanceof AppError || error instanceof WrongExpectedVersionError;
    if (written && refused) await row.remove();
    throw error;
  }
  if (written) await row.confirm();
  return result;
}
