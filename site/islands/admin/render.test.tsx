import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuditHistory, AuditJobs, StreamAuditView } from './audit-stores.ts';
import AuditTrail from './AuditTrail.tsx';
import { BundleLink, HistoryTable, JobResults, StateView, VerificationResult, roleOf } from './audit-view.tsx';

const jobId = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
const customer = '11111111-1111-4111-8111-111111111111';
const contractor = '22222222-2222-4222-8222-222222222222';
const arbitrator = '33333333-3333-4333-8333-333333333333';
const gone = '44444444-4444-4444-8444-444444444444';

const jobs: AuditJobs = {
  jobs: [
    {
      jobId,
      kind: 'work-order',
      title: 'Paint a two-bedroom apartment',
      contractStatus: 'executed',
      createdAt: '2026-05-04T12:00:00.000Z',
      streams: { escrow: `escrow-${jobId}`, contract: `contract-${jobId}`, dispute: null },
    },
  ],
};

const entry = (revision: number, type: string, actorId: string | null, occurredAt: string) => ({
  revision: String(revision),
  position: String(100 + revision),
  type,
  data: {},
  actorId,
  occurredAt,
  correlationId: null,
  prevHash: revision === 0 ? null : `${'a'.repeat(63)}${revision - 1}`,
  hash: `${'a'.repeat(63)}${revision}`,
});

const history: AuditHistory = {
  stream: `escrow-${jobId}`,
  kind: 'escrow',
  events: [
    entry(0, 'EscrowCreated', null, '2026-05-04T14:00:00.000Z'),
    entry(1, 'EscrowFunded', customer, '2026-05-04T14:05:00.000Z'),
    entry(2, 'WorkMarkedComplete', contractor, '2026-05-05T10:00:00.000Z'),
    entry(3, 'EscrowFrozen', arbitrator, '2026-05-06T10:00:00.000Z'),
    entry(4, 'EscrowNoted', gone, '2026-05-07T10:00:00.000Z'),
  ],
  asOf: '2026-05-04T14:02:00.000Z',
  eventsUpTo: 1,
  state: { status: 'awaiting-funding', customerId: customer, amountCents: 100_000, startsAt: null },
  roles: { [customer]: 'customer', [contractor]: 'contractor', [arbitrator]: 'admin', [gone]: 'former-member' },
};

const verified: StreamAuditView = {
  ok: true,
  stream: `escrow-${jobId}`,
  length: 5,
  chain: { ok: true, legacyRuleEvents: 0, headHash: 'b'.repeat(64) },
  log: {
    keyId: 'k1',
    headsChecked: 3,
    latestHead: { log: 'marketplace', size: 42, rootHash: 'c'.repeat(64), timestamp: '2026-05-07T11:00:00.000Z' },
    covered: 4,
    pending: 1,
  },
  firstBadRevision: null,
  type: null,
  reason: null,
};

const noop = () => {};
/** Text as a reader hears it: no tags, one kind of space. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, '’')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('the auditor view renders on the server', () => {
  it('renders nothing before the session says an administrator is signed in', () => {
    expect(renderToString(<AuditTrail locale="en" />)).toBe('');
  });

  it('lists jobs with their kind, contract status and date, and marks the open one', () => {
    const html = renderToString(
      <JobResults
        locale="en"
        query="paint"
        jobs={{ data: { ...jobs, q: 'paint' }, loading: false }}
        openJobId={jobId}
        onOpen={noop}
        onRetry={noop}
      />,
    );
    expect(html).toContain('Jobs matching “paint”');
    expect(html).toMatch(/<button[^>]*aria-current="true"/);
    expect(text(html)).toContain('Work order · Contract in force · contract of May 4, 2026');
    const fr = text(
      renderToString(
        <JobResults
          locale="fr"
          query=""
          jobs={{ data: { ...jobs, q: '' }, loading: false }}
          openJobId={null}
          onOpen={noop}
          onRetry={noop}
        />,
      ),
    );
    expect(fr).toContain('Travaux les plus récents');
    expect(fr).toContain('Bon de travail · Contrat en vigueur · contrat du 4 mai 2026');
  });

  it('says when the search is running, matched nothing, or failed (with Try again)', () => {
    const loading = renderToString(
      <JobResults locale="en" query="x" jobs={{ loading: true }} openJobId={null} onOpen={noop} onRetry={noop} />,
    );
    expect(loading).toMatch(/role="status"[^>]*>Searching…</);
    // The list on screen still answers the previous words: titled by them, and the new search is running.
    const stale = renderToString(
      <JobResults
        locale="en"
        query="roof"
        jobs={{ data: { ...jobs, q: '' }, loading: false }}
        openJobId={null}
        onOpen={noop}
        onRetry={noop}
      />,
    );
    expect(stale).toMatch(/role="status"[^>]*>Searching…</);
    expect(stale).toContain('Newest jobs');
    expect(stale).not.toContain('roof');
    const empty = renderToString(
      <JobResults
        locale="fr"
        query="roof"
        jobs={{ data: { jobs: [], q: 'roof' }, loading: false }}
        openJobId={null}
        onOpen={noop}
        onRetry={noop}
      />,
    );
    expect(empty).toMatch(/role="status"[^>]*>Aucun travail ne correspond à « roof »\.</);
    const failed = renderToString(
      <JobResults
        locale="en"
        query="x"
        jobs={{ loading: false, error: new Error('500') }}
        openJobId={null}
        onOpen={noop}
        onRetry={noop}
      />,
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Could not load the jobs.');
    expect(failed).toContain('>Try again</button>');
  });

  it('shows each event with its role and time, never an account id, and marks those after the instant', () => {
    const html = renderToString(<HistoryTable locale="en" history={history} />);
    const roles = [...html.matchAll(/data-role="([^"]+)"[^>]*>([^<]+)</g)].map((match) => [match[1], match[2]]);
    expect(roles).toEqual([
      ['system', 'System'],
      ['customer', 'Customer'],
      ['contractor', 'Contractor'],
      ['admin', 'Administrator'],
      ['former-member', 'Former member'],
    ]);
    for (const id of [customer, contractor, arbitrator, gone]) expect(html).not.toContain(id);
    expect(html).toContain('<time dateTime="2026-05-04T14:05:00.000Z">');
    expect(html.match(/data-later="true"/g)).toHaveLength(4);
    expect(html.match(/after the instant/g)).toHaveLength(4);
    const fr = renderToString(<HistoryTable locale="fr" history={{ ...history, asOf: null, eventsUpTo: 5 }} />);
    expect(fr).toContain('>Système<');
    expect(fr).toContain('>Entrepreneur<');
    expect(fr).toContain('>Ancien membre<');
    expect(fr).not.toContain('data-later');
    expect(roleOf('not-a-party', history.roles)).toBe('unknown');
  });

  it('shows the state as of the instant, with how many events it folds', () => {
    const html = text(renderToString(<StateView locale="en" history={history} />));
    expect(html).toMatch(/State as of May [45], 2026, \d{1,2}:02:00 [ap]\.?m\.? \(events up to then: 1 of 5\)/i);
    expect(html).toContain('status awaiting-funding');
    expect(html).toContain('amountCents 100000');
    expect(html).toMatch(new RegExp(`customerId ${customer} \\( ?Customer ?\\)`));
    const fr = text(renderToString(<StateView locale="fr" history={{ ...history, asOf: null, eventsUpTo: 5 }} />));
    expect(fr).toContain('État actuel (événements : 5 sur 5)');
  });

  it('shows a verified stream as a status, with the signed head, covered and pending events', () => {
    const html = renderToString(
      <VerificationResult locale="en" verification={{ data: verified, loading: false }} onCheckAgain={noop} />,
    );
    expect(html).toContain('data-verified="true"');
    expect(html).toMatch(/role="status"[^>]*>.*Verified/);
    expect(html).not.toContain('role="alert"');
    const said = text(html);
    expect(said).toContain('Hash chain: intact (events checked: 5)');
    expect(said).toMatch(/Latest signed head: size 42, signed May [78], 2026, .*, root c{12}…/);
    expect(said).toContain('Covered: 4 (each checked by its inclusion proof in the latest signed head)');
    expect(said).toContain('Pending: 1 (appended after the latest signed head, checked by the hash chain only)');
    expect(said).not.toContain('earlier hash rule');
    expect(said).toContain('Check again');
  });

  it('shows a failure as an alert, in words and not by colour alone, naming the first bad revision', () => {
    const failed: StreamAuditView = {
      ...verified,
      ok: false,
      chain: { ok: false, legacyRuleEvents: 0, headHash: null },
      firstBadRevision: '1',
      type: 'EscrowFunded',
      reason: 'hash does not match the event content',
    };
    const html = renderToString(
      <VerificationResult locale="fr" verification={{ data: failed, loading: false }} onCheckAgain={noop} />,
    );
    expect(html).toContain('data-verified="false"');
    expect(html).toMatch(/role="alert"[^>]*>.*Échec de la vérification/);
    const said = text(html);
    expect(said).toContain('Premier événement fautif : révision 1 (EscrowFunded).');
    expect(said).toContain('Raison : hash does not match the event content');
    expect(said).toContain('Chaîne d’empreintes : rompue');
    expect(said).not.toContain('Vérifié ');
  });

  it('notes events under the earlier hash rule, and a log with no signed head yet', () => {
    const legacy: StreamAuditView = {
      ...verified,
      chain: { ok: true, legacyRuleEvents: 2, headHash: 'b'.repeat(64) },
      log: { keyId: null, headsChecked: 0, latestHead: null, covered: 0, pending: 5 },
    };
    const said = text(
      renderToString(
        <VerificationResult locale="en" verification={{ data: legacy, loading: false }} onCheckAgain={noop} />,
      ),
    );
    expect(said).toContain('Events written under the earlier hash rule: 2.');
    expect(said).toContain('No signed head has been published yet');
    expect(said).toContain('Pending: 5 (');
    const loading = renderToString(
      <VerificationResult locale="en" verification={{ loading: true }} onCheckAgain={noop} />,
    );
    expect(loading).toMatch(/role="status".*Checking the hash chain and the signed log…/);
    // A check again that fails keeps the last result and says so.
    const recheck = renderToString(
      <VerificationResult
        locale="en"
        verification={{ data: verified, loading: false, error: new Error('502') }}
        onCheckAgain={noop}
      />,
    );
    expect(recheck).toContain('data-verified="true"');
    expect(recheck).toMatch(/role="alert".*Could not run the verification\./);
  });

  it('links the bundle and the public key, with the command that checks it offline', () => {
    const html = renderToString(<BundleLink locale="en" stream={`escrow-${jobId}`} />);
    expect(html).toContain(`href="/api/audit/streams/escrow-${jobId}/bundle"`);
    expect(html).toContain(`download="escrow-${jobId}.audit-bundle.json"`);
    expect(html).toContain('href="/.well-known/audit-key"');
    expect(text(html)).toContain(`npm run audit -- check escrow-${jobId}.audit-bundle.json --key audit-key.pem`);
    expect(text(renderToString(<BundleLink locale="fr" stream={`escrow-${jobId}`} />))).toContain(
      'Télécharger le dossier d’audit',
    );
  });
});
