/**
 * Which rows a table keeps: those touched at `once` or later among the rows touched in one window
 * only, and at `often` or later among the rows touched in several (a tick past every tick: none of
 * them; -1: all of them).
 */
export type KeepFrom = { once: number; often: number };

/**
 * The rows every table of a rebuild holds in memory together, at most `limit`: past it, rows leave
 * (each table writes its own out, in its own transaction, after its next window). One budget for
 * all the tables, instead of an equal share each: at 100,000 contractors, an equal share of
 * 1,200,000 rows among 26 read models was 46,000 rows a table, so the directory's 100,000
 * contractors went out and came back in every few windows (a wide row written, its search vector
 * computed, and read back each time) while most read models' shares sat unused.
 *
 * Which rows leave first is scan-resistant, as in the 2Q cache: rows touched in one window only
 * (a work order's, a notification's: a job's events lie close together in the log) leave before
 * any row touched in several windows (a contractor's directory row, touched by each of their jobs
 * across the whole log), each kind least recently touched first. Under plain least-recently-used,
 * at 100,000 contractors the stream of one-window rows pushed every contractor's row out between
 * two of their jobs: with the budget cut to a quarter on a 3,315,000-event log, the directory's
 * apply time went from 58 s to 180 s.
 */
export class RebuildMemory {
  /** Rows held of each kind, by the tick they were last touched at (ticks only grow: each map is in tick order). */
  private readonly onceAt = new Map<number, number>();
  private readonly oftenAt = new Map<number, number>();
  private held = 0;
  private now = 0;

  constructor(readonly limit: number) {}

  get rows(): number {
    return this.held;
  }

  /** A new tick: rows touched from now on are newer than every row touched before. */
  tick(): number {
    return ++this.now;
  }

  get currentTick(): number {
    return this.now;
  }

  hold(touched: number, often = false) {
    const at = often ? this.oftenAt : this.onceAt;
    at.set(touched, (at.get(touched) ?? 0) + 1);
    this.held++;
  }

  release(touched: number, often = false) {
    const at = often ? this.oftenAt : this.onceAt;
    const count = (at.get(touched) ?? 0) - 1;
    if (count > 0) at.set(touched, count);
    else at.delete(touched);
    this.held--;
  }

  /** The oldest tick whose rows of each kind may stay: rows touched before it are the excess. */
  keepFrom(): KeepFrom {
    let excess = this.held - this.limit;
    if (excess <= 0) return { once: -1, often: -1 };
    for (const [touched, count] of this.onceAt) {
      excess -= count;
      if (excess <= 0) return { once: touched + 1, often: -1 };
    }
    for (const [touched, count] of this.oftenAt) {
      excess -= count;
      if (excess <= 0) return { once: this.now + 1, often: touched + 1 };
    }
    return { once: this.now + 1, often: this.now + 1 };
  }
}
