import { inject } from 'vitest';

/**
 * The integration project's setup file: the Redis the global setup found or started becomes
 * REDIS_URL for the test files (createTestApp and the Redis suites read it), as CI's would.
 */
process.env.REDIS_URL ??= inject('redisUrl');
