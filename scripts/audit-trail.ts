import { ConfigError, loadConfig } from '../shared/config.ts';
import { auditableKind, historyOf, readForAudit, verification } from '../shared/domain/audit/streams.ts';
import { resolveDatabaseUrl } from '../api/runtime.ts';
import { openEventStore } from '../shared/eventstore/index.ts';

/**
 * `npm run audit -- history <stream>` · `npm run audit -- as-of <stream> <ISO time>` ·
 * `npm run audit -- verify <stream>`: the audit trail from a shell, with the same configuration as
 * the API (DATABASE_URL / EVENTSTORE_URL, or the embedded database under DATA_DIR). Exit codes: 0
 * done (or the chain is intact), 1 the chain is broken, 2 a usage error or an unknown stream.
 */
const USAGE = `Usage:
  npm run audit -- history <stream>          every event with its actor, time and hash
  npm run audit -- as-of <stream> <ISO time> the state folded up to that instant
  npm run audit -- verify <stream>           checks the hash chain; names the first altered event
<stream> is escrow-<jobId>, contract-<jobId>, dispute-<jobId>, payout-<payoutId>, plan-<accountId>,
listing-boost-<accountId> or user-switch-<accountId>.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const [command, stream, at] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    process.exit(command ? 0 : 2);
  }
  if (!['history', 'as-of', 'verify'].includes(command)) fail(`Unknown command: ${command}`);
  if (!stream) fail('Name the stream to audit.');
  const kind = auditableKind(stream);
  if (!kind) fail(`Not an auditable stream: ${stream}`);
  let asOf: Date | null = null;
  if (command === 'as-of') {
    if (!at || Number.isNaN(Date.parse(at))) fail('as-of needs an ISO 8601 time, e.g. 2026-05-04T14:00:00Z');
    asOf = new Date(at);
  }

  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const store = await openEventStore({
    databaseUrl: url,
    eventStoreUrl: config.EVENTSTORE_URL,
    postgres: { listen: false },
  });
  let exitCode = 0;
  try {
    const events = await readForAudit(store, stream);
    if (events.length === 0) {
      console.error(`No such stream: ${stream}`);
      exitCode = 2;
    } else if (command === 'verify') {
      const result = verification(stream, events);
      if (result.ok) {
        console.log(`Chain intact: ${stream}, ${result.length} events, head ${result.headHash}`);
      } else {
        console.log(
          `Chain BROKEN: ${stream} at revision ${result.firstAlteredRevision} (${result.type}): ${result.reason}`,
        );
        exitCode = 1;
      }
    } else {
      const history = historyOf(stream, kind, events, asOf);
      if (command === 'history') {
        console.table(
          history.events.map((e) => ({
            revision: e.revision,
            occurredAt: e.occurredAt,
            type: e.type,
            actor: e.actorId ?? 'system',
            hash: e.hash?.slice(0, 12) ?? '',
          })),
        );
      } else {
        console.log(
          `State of ${stream} as of ${history.asOf} (${history.eventsUpTo} of ${history.events.length} events):`,
        );
        console.log(JSON.stringify(history.state, null, 2));
      }
    }
  } finally {
    await store.close();
    await embedded?.stop();
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
});
