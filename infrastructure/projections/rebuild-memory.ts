/**
 * The rows every table of a rebuild holds in memory together, at most `limit`: past it, the rows
 * touched least recently in any table leave first (each table writes its own out, in its own
 * transaction, after its next window). One budget for all the tables, instead of an equal share
 * each: at 100,000 contractors, an equal share of 1,200,000 rows among 26 read models was 46,000
 * rows a table, so the directory's 100,000 contractors went out and came back in every few windows
 * (a wide row written, its search vector computed, and read back each time) while most read
 * models' shares sat unused.
 */
export class RebuildMemory {
  /** Rows held, by the tick they were last touched at (ticks only grow: the map is in tick order). */
  private readonly touchedAt = new Map<number, number>();
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

  hold(touched: number) {
    this.touchedAt.set(touched, (this.touchedAt.get(touched) ?? 0) + 1);
    this.held++;
  }

  release(touched: number) {
    const count = (this.touchedAt.get(touched) ?? 0) - 1;
    if (count > 0) this.touchedAt.set(touched, count);
    else this.touchedAt.delete(touched);
    this.held--;
  }

  /** The oldest tick whose rows may stay: rows touched before it are the excess (none: -1). */
  keepFrom(): number {
    let excess = this.held - this.limit;
    if (excess <= 0) return -1;
    for (const [touched, count] of this.touchedAt) {
      excess -= count;
      if (excess <= 0) return touched + 1;
    }
    return this.now + 1;
  }
}
