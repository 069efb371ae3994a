import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { checkBundle, exportBundle } from '../shared/audit/bundle.ts';
import { openAuditLog } from '../shared/audit/index.ts';
import { loadPublishedLog } from '../shared/audit/log.ts';
import { parsePublicKey } from '../shared/audit/signing.ts';
import { verifyAuditedStream, verifyWholeLog } from '../shared/audit/verify.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';
import { auditableKind, historyOf, readForAudit } from '../shared/domain/audit/streams.ts';
import { resolveDatabaseUrl } from '../runtime/runtime.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { openFileStorage } from '../shared/storage/index.ts';

/**
 * The audit trail from a shell, with the same configuration as the API (DATABASE_URL /
 * EVENTSTORE_URL or the embedded database under DATA_DIR; the heads in DATA_DIR/audit or the S3
 * bucket). `check` needs none of it: only the bundle and the public key. Exit codes: 0 done (or
 * verified), 1 verification failed, 2 a usage error or an unknown stream.
 */
const USAGE = `Usage:
  npm run audit -- history <stream>          every event with its actor, time and hash
  npm run audit -- as-of <stream> <ISO time> the state folded up to that instant
  npm run audit -- verify <stream>           the hash chain, each event's inclusion in the latest
                                             signed tree head, and every published head
  npm run audit -- verify --all              the whole log: every published entry against the store
  npm run audit -- publish                   signs and publishes a tree head now (if the log grew)
  npm run audit -- export <stream> [--out <file>]
                                             the offline bundle: events, inclusion proofs, signed head
  npm run audit -- check <bundle> --key <public key>
                                             checks a bundle with no database and no server; the key
                                             is a PEM file (from /.well-known/audit-key) or its text
<stream> is escrow-<jobId>, contract-<jobId>, dispute-<jobId>, payout-<payoutId>, plan-<accountId>,
listing-boost-<accountId> or user-switch-<accountId>.`;

const COMMANDS = ['history', 'as-of', 'verify', 'publish', 'export', 'check'];

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) fail(`${name} needs a value.`);
  return value;
}

/** `check`: the bundle and the key only, so an auditor can run it anywhere. */
function check(args: string[]): number {
  const file = args[0];
  const keyArg = option(args, '--key');
  if (!file || file.startsWith('--')) fail('Name the bundle file to check.');
  if (!keyArg) fail('check needs --key <public key>: the PEM file from /.well-known/audit-key, or its text.');
  if (!existsSync(file)) fail(`No such file: ${file}`);
  let key;
  try {
    key = parsePublicKey(existsSync(keyArg) ? readFileSync(keyArg, 'utf8') : keyArg);
  } catch {
    fail('--key is not an Ed25519 public key (SPKI PEM, or its DER in base64).');
  }
  let bundle: unknown;
  try {
    bundle = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`Bundle BROKEN: ${file} is not JSON`);
    return 1;
  }
  const result = checkBundle(bundle, key);
  const head = result.treeHead
    ? `tree head of size ${result.treeHead.size} at ${result.treeHead.timestamp}`
    : 'no tree head';
  if (result.ok) {
    console.log(
      `Bundle verified: ${result.stream}, ${result.events} events, ${result.covered} proven in the signed ${head}, ${result.pending} after it (checked by the hash chain)`,
    );
    return 0;
  }
  const at = result.firstBadRevision === null ? '' : ` at revision ${result.firstBadRevision}`;
  console.log(`Bundle BROKEN: ${result.stream ?? file}${at}: ${result.reason}`);
  return 1;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    process.exit(command ? 0 : 2);
  }
  if (!COMMANDS.includes(command)) fail(`Unknown command: ${command}`);
  if (command === 'check') process.exit(check(args));

  const stream = args[0];
  const all = command === 'verify' && stream === '--all';
  if (command !== 'publish' && !all) {
    if (!stream) fail('Name the stream to audit.');
    if (!auditableKind(stream)) fail(`Not an auditable stream: ${stream}`);
  }
  let asOf: Date | null = null;
  if (command === 'as-of') {
    const at = args[1];
    if (!at || Number.isNaN(Date.parse(at))) fail('as-of needs an ISO 8601 time, e.g. 2026-05-04T14:00:00Z');
    asOf = new Date(at);
  }
  const out = command === 'export' ? option(args, '--out') : undefined;

  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const storeOptions = { databaseUrl: url, eventStoreUrl: config.EVENTSTORE_URL, postgres: { listen: false } };
  const store = await openEventStore(storeOptions);
  const auditLog = await openAuditLog(config, store, openFileStorage(config));
  const verifier = { store, heads: auditLog.heads, publicKey: auditLog.publicKey };
  let exitCode = 0;
  try {
    if (command === 'publish') {
      const written = await auditLog.publisher.publish();
      const latest = await auditLog.heads.latest();
      console.log(
        written.length > 0
          ? `Published ${written.length} tree head(s); the log now has ${latest!.treeHead.size} entries, root ${latest!.treeHead.rootHash}`
          : latest
            ? `Nothing new to publish: the latest tree head has ${latest.treeHead.size} entries, root ${latest.treeHead.rootHash}`
            : 'Nothing to publish: no audited event yet',
      );
    } else if (all) {
      // A long log is read and hashed on every core (see verifyWholeLog).
      const result = await verifyWholeLog({
        ...verifier,
        parallel: { threads: availableParallelism(), open: storeOptions },
      });
      if (result.ok) {
        console.log(
          `Log intact: ${result.headsChecked} signed tree heads, ${result.entriesChecked} entries match the store`,
        );
      } else {
        const where = result.problem!.stream
          ? ` at ${result.problem!.stream} revision ${result.problem!.revision}`
          : '';
        console.log(`Log BROKEN${where}: ${result.problem!.reason}`);
        exitCode = 1;
      }
    } else {
      const events = await readForAudit(store, stream!);
      if (events.length === 0 && command !== 'verify') {
        console.error(`No such stream: ${stream}`);
        exitCode = 2;
      } else if (command === 'verify') {
        const result = await verifyAuditedStream(verifier, stream!);
        if (result.length === 0 && result.ok) {
          console.error(`No such stream: ${stream}`);
          exitCode = 2;
        } else if (result.ok) {
          const head = result.log.latestHead;
          const legacy = result.chain.legacyRuleEvents;
          console.log(
            [
              `Verified: ${stream}, ${result.length} events.`,
              `Hash chain intact${legacy ? ` (${legacy} early events under the legacy rule, which did not cover metadata)` : ''}.`,
              head
                ? `${result.log.covered} events proven in the signed tree head of size ${head.size} (${head.timestamp}); ${result.log.pending} since.`
                : 'No tree head published yet: run npm run audit -- publish.',
              `${result.log.headsChecked} published heads checked.`,
            ].join(' '),
          );
        } else {
          const at = result.firstBadRevision === null ? '' : ` at revision ${result.firstBadRevision}`;
          const type = result.type ? ` (${result.type})` : '';
          console.log(`Verification FAILED: ${stream}${at}${type}: ${result.reason}`);
          exitCode = 1;
        }
      } else if (command === 'export') {
        const log = await loadPublishedLog(auditLog.heads, auditLog.publicKey);
        const bundle = JSON.stringify(exportBundle(stream!, events, log), null, 2);
        if (out) {
          writeFileSync(out, bundle);
          console.error(`Wrote ${out}: ${events.length} events`);
        } else {
          console.log(bundle);
        }
      } else {
        const history = historyOf(stream!, auditableKind(stream!)!, events, asOf);
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
