import { inject } from 'vitest';

/**
 * The integration project's setup file: the Redis the global setup found or started becomes
 * REDIS_URL for the test files (createTestApp and the Redis suites read it), as CI's would.
 */
// The same value for every file of the run, so sharing a process with the next file changes nothing.
// eslint-disable-next-line no-restricted-syntax
process.env.REDIS_URL ??= inject('redisUrl');
