import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openEventStore } from '../../../shared/eventstore/index.ts';

/**
 * Published reviews for a contractor, appended to the started app's store as the reviews module
 * would (one \`ReviewsPublished\` per rating), so the directory ranks and badges them.
 */
export async function publishReviews(dataDir: string, contractorId: string, ratings: number[]) {
  const settings = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as {
    port: number;
    password: string;
  };
  const url = `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/marketplace`;
  const store = await openEventStore({ databaseUrl: url });
  try {
    for (const rating of ratings) {
      const bookingId = randomUUID();
      const customerId = randomUUID();
      const at = new Date().toISOString();
      await store.append(`review-${bookingId}`, [
        {
          type: 'ReviewsPublished',
          data: {
            bookingId,
            contractorId,
            customerId,
            reviews: [
              {
                reviewerId: customerId,
                revieweeId: contractorId,
                side: 'customer',
                rating,
                text: 'Thorough and on time.',
                submittedAt: at,
              },
            ],
            reason: 'window-closed',
            publishedAt: at,
          },
          metadata: { actorId: null, correlationId: randomUUID(), occurredAt: at },
        },
      ]);
    }
  } finally {
    await store.close();
  }
}
