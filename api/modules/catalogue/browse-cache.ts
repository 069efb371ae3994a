import { LRUCache } from 'lru-cache';
import type { CheckpointWatcher } from '../../../projections/checkpoints.ts';
import { positionToString } from '../../../shared/eventstore/types.ts';

/**
 * The directory's answers, kept as the JSON text sent, per search. The directory is read far more
 * than it changes, and the same searches repeat (the first page, a city, a service), so most
 * answers can skip the query and the serialisation.
 *
 * An answer is valid while the read models it was built from have not changed: the key holds the
 * position of each one's last change, which this process learns from the checkpoint notifications
 * (a batch of events the read model does not handle moves its checkpoint but not this mark). A
 * write that reaches the directory therefore retires every cached answer before its
 * read-your-writes response goes out, and writes elsewhere in the marketplace leave them be.
 * What changes with time alone (a boost or a badge that expires) is bounded by a few seconds.
 */
export const BROWSE_CACHE_TTL_MS = 5_000;
/** The read models a directory answer reads (names come from personal data, set at sign-up). */
export const BROWSE_SOURCES = ['contractor-directory', 'accounts', 'credentials'] as const;

export class BrowseCache {
  private readonly answers = new LRUCache<string, string>({ max: 500, ttl: BROWSE_CACHE_TTL_MS });

  constructor(private readonly checkpoints: Pick<CheckpointWatcher, 'lastChange'>) {}

  private key(query: object): string {
    const positions = BROWSE_SOURCES.map((name) => positionToString(this.checkpoints.lastChange(name))).join(',');
    return `${positions}|${JSON.stringify(query)}`;
  }

  /** The cached JSON for this search, or builds, keeps and answers it. */
  async answer(query: object, build: () => Promise<string>): Promise<string> {
    const key = this.key(query);
    const cached = this.answers.get(key);
    if (cached !== undefined) return cached;
    const body = await build();
    this.answers.set(key, body);
    return body;
  }

  clear() {
    this.answers.clear();
  }
}
