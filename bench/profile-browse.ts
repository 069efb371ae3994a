import { spawn } from 'node:child_process';
import { generateMarketplace } from './marketplace.ts';
import { benchApp, benchDatabase } from './support.ts';

/**
 * Profiling aid for the directory line (not part of `npm run bench`): the app on a fresh database
 * with 300 contractors, listening, while autocannon (a separate process) loads the directory's
 * first page for 10 s. Run under `node --cpu-prof --import tsx bench/profile-browse.ts` and read
 * the profile with `node --import tsx bench/profile-summary.ts <file>`.
 */
const database = await benchDatabase();
const { app, runtime } = await benchApp(database.url);
try {
  await generateMarketplace(runtime, { contractors: 300, orders: 10 });
  await runtime.runner!.idle(60_000);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const path = process.argv[2] ?? '/api/contractors/browse';
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['autocannon', '-c', '10', '-d', '10', `http://127.0.0.1:${port}${path}`], {
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`autocannon exited ${code}`))));
  });
} finally {
  await app.close();
  await runtime.close();
  await database.drop();
}
