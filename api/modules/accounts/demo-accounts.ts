import { demoAccountEventSchemas } from '../../../shared/domain/demo/events.ts';
import { foldEvents, handleCommand, type CommandContext } from '../../../shared/domain/decider.ts';
import { demoAccountsDecider } from '../../../shared/domain/demo/decider.ts';
import type { DemoAccountEvent } from '../../../shared/domain/demo/events.ts';
import { DEMO_ACCOUNTS_STREAM } from '../../../shared/domain/demo/streams.ts';
import type { EventStore } from '../../../shared/eventstore/types.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';

/**
 * The accounts the demo seed created, read from the log itself (a stream of a few dozen events),
 * so a switch decision never trusts a read model that could lag or an e-mail that could be reused.
 */
export async function seededDemoAccounts(store: EventStore): Promise<ReadonlySet<string>> {
  const events = await readEvents<DemoAccountEvent>(store, DEMO_ACCOUNTS_STREAM, demoAccountEventSchemas);
  return foldEvents(demoAccountsDecider, events).accountIds;
}

/** The seed's note that it created this account (idempotent). */
export async function recordDemoAccount(store: EventStore, accountId: string, context: CommandContext) {
  await handleCommand(
    store,
    DEMO_ACCOUNTS_STREAM,
    demoAccountsDecider,
    { type: 'RecordDemoAccount', accountId, now: context.now },
    context,
  );
}
