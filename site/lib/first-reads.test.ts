import { describe, expect, it } from 'vitest';
import { ME_KEY } from '../stores/session.ts';
import { readFirst } from './first-reads.ts';

/** An Astro page's view of the app: each read logged as it starts and as it ends. */
function page(answers: Record<string, unknown>) {
  const log: string[] = [];
  const headers = new Headers();
  const astro = {
    locals: {
      readApi: async (url: string) => {
        log.push(`start ${url}`);
        // The page's own reads take a moment: a read started before them must end before they start.
        await new Promise((resolve) => setTimeout(resolve, url === ME_KEY ? 0 : 5));
        log.push(`end ${url}`);
        return answers[url] ?? null;
      },
    },
    response: { headers },
  } as unknown as Parameters<typeof readFirst>[0];
  return { astro, log, headers };
}

const user = { id: 'u-1', role: 'customer' };

describe('a page’s first reads', () => {
  it('reads what the page compares its data with before the data, and hands both to the islands', async () => {
    const { astro, log, headers } = page({
      [ME_KEY]: user,
      '/api/notifications/unread-count': { count: 2 },
      '/api/contracts/j-1': { jobId: 'j-1' },
      '/api/escrows/j-1': { jobId: 'j-1' },
    });
    const first = await readFirst(astro, ['/api/contracts/j-1', '/api/escrows/j-1'], 'signed-in', {
      readBefore: ['/api/notifications/unread-count'],
    });
    expect(first.reads).toEqual({
      [ME_KEY]: user,
      '/api/notifications/unread-count': { count: 2 },
      '/api/contracts/j-1': { jobId: 'j-1' },
      '/api/escrows/j-1': { jobId: 'j-1' },
    });
    expect(log.indexOf('end /api/notifications/unread-count')).toBeLessThan(log.indexOf('start /api/contracts/j-1'));
    expect(log.indexOf('end /api/notifications/unread-count')).toBeLessThan(log.indexOf('start /api/escrows/j-1'));
    // The page's own reads still go together.
    expect(log.indexOf('start /api/escrows/j-1')).toBeLessThan(log.indexOf('end /api/contracts/j-1'));
    expect(headers.get('cache-control')).toBe('private, no-store');
  });

  it('reads nothing of a visitor the page is not for', async () => {
    const { astro, log } = page({ [ME_KEY]: null });
    const first = await readFirst(astro, ['/api/contracts/j-1'], 'signed-in', {
      readBefore: ['/api/notifications/unread-count'],
    });
    expect(first.reads).toEqual({});
    expect(log).toEqual([`start ${ME_KEY}`, `end ${ME_KEY}`]);
  });
});
