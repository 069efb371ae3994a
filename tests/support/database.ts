import { inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../shared/db/databases.ts';

export type TestDatabase = ScratchDatabase;

/** A fresh database for one test file on the test server (see global-setup.ts), dropped afterwards. */
export function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  return createScratchDatabase(inject('adminDatabaseUrl'), prefix);
}
