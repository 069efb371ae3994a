import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.ts';
import { WrongExpectedVersionError } from '../eventstore/types.ts';
import { appendBesideTheLog } from './beside-the-log.ts';

function row() {
  const calls: string[] = [];
  return {
    calls,
    row: { confirm: async () => void calls.push('confirm'), remove: async () => void calls.push('remove') },
    insert: async () => void calls.push('insert'),
  };
}

describe('appendBesideTheLog', () => {
  it('inserts once, however often the command loop retries, then confirms after the append', async () => {
    const { calls, row: personal, insert } = row();
    const answer = await appendBesideTheLog(personal, async (keep) => {
      await keep(insert);
      await keep(insert);
      return 'appended';
    });
    expect(answer).toBe('appended');
    expect(calls).toEqual(['insert', 'confirm']);
  });

  it('removes the row when the command is surely refused (a rule, or a conflict given up on)', async () => {
    for (const refusal of [new ConflictError('no'), new WrongExpectedVersionError('s', 1n, 2n)]) {
      const { calls, row: personal, insert } = row();
      await expect(
        appendBesideTheLog(personal, async (keep) => {
          await keep(insert);
          throw refusal;
        }),
      ).rejects.toBe(refusal);
      expect(calls).toEqual(['insert', 'remove']);
    }
  });

  it('leaves the row unconfirmed for the purge when the append may have happened (a lost connection)', async () => {
    const { calls, row: personal, insert } = row();
    const lost = new Error('connection terminated');
    await expect(
      appendBesideTheLog(personal, async (keep) => {
        await keep(insert);
        throw lost;
      }),
    ).rejects.toBe(lost);
    expect(calls).toEqual(['insert']);
  });

  it('does nothing to a row it never inserted (the rules refused before)', async () => {
    const { calls, row: personal } = row();
    await expect(
      appendBesideTheLog(personal, async () => {
        throw new ConflictError('no');
      }),
    ).rejects.toThrow('no');
    expect(calls).toEqual([]);
  });
});
