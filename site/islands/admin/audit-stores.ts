import { atom, computed } from 'nanostores';
import type { AuditHistoryView, AuditJobs, StreamAuditView } from '../../../shared/http/audit.ts';
import { getJson } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/**
 * The auditor view's reads (GET /api/audit/…, api/modules/audit/routes.ts), as nanoquery
 * stores: the job search, then the open job's tab, whose history (as of the chosen instant) and
 * verification are fetched when it is shown. Each key is the read's URL; nothing is fetched until
 * the session is an administrator's.
 */
export type { AuditJobs };
export type AuditJob = AuditJobs['jobs'][number];
export type JobStream = keyof AuditJob['streams'];
export const jobStreams = ['escrow', 'contract', 'dispute'] as const satisfies readonly JobStream[];

/** GET /api/audit/streams/:stream: roles by account id, never names. */
export type AuditHistory = AuditHistoryView;
export type { StreamAuditView };

const STREAMS = '/api/audit/streams/';

export const auditUrls = {
  jobs: (q: string) => `/api/audit/jobs?q=${encodeURIComponent(q)}`,
  history: (stream: string, asOf: string | null) =>
    `${STREAMS}${encodeURIComponent(stream)}${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`,
  verify: (stream: string) => `${STREAMS}${encodeURIComponent(stream)}/verify`,
  bundle: (stream: string) => `${STREAMS}${encodeURIComponent(stream)}/bundle`,
  publicKey: '/.well-known/audit-key',
};

const $isAdmin = computed($session, (session) => session.status === 'authenticated' && session.user.role === 'admin');

/** The search last submitted ('' lists the newest jobs). */
export const $auditQuery = atom('');
export const $auditJob = atom<AuditJob | null>(null);
export const $auditTab = atom<JobStream>('escrow');
/** The instant (ISO) the open job's histories are folded to; null: now. */
export const $auditAsOf = atom<string | null>(null);

/** The jobs found, with the words they answer (the list on screen can be the previous search's for a moment). */
export type FoundJobs = AuditJobs & { q: string };
const JOBS_KEY = '/api/audit/jobs?q=';
const $jobsQuery = computed([$isAdmin, $auditQuery], (admin, q) => (admin ? q : null));
export const $auditJobs = createFetcherStore<FoundJobs>([JOBS_KEY, $jobsQuery], {
  fetcher: async (_key, q) => ({ ...(await getJson<AuditJobs>(auditUrls.jobs(String(q))))!, q: String(q) }),
});

/** The stream of the open tab (null: no job open, or the job has none of that kind). */
export const $openStream = computed([$auditJob, $auditTab], (job, tab) => job?.streams[tab] ?? null);
const $historyUrl = computed([$openStream, $auditAsOf], (stream, asOf) =>
  stream ? auditUrls.history(stream, asOf) : null,
);
const $verifyUrl = computed($openStream, (stream) => (stream ? auditUrls.verify(stream) : null));
export const $auditHistory = createFetcherStore<AuditHistory>([$historyUrl]);
export const $auditVerification = createFetcherStore<StreamAuditView>([$verifyUrl]);

/** Runs a search; the same words again fetch again (the jobs may have changed). */
export function searchJobs(q: string) {
  const words = q.trim();
  if ($auditQuery.get() === words) $auditJobs.revalidate();
  else $auditQuery.set(words);
}

/** Opens a job at its escrow (its contract when it has none), folded to now. */
export function openJob(job: AuditJob) {
  $auditAsOf.set(null);
  $auditTab.set(job.streams.escrow ? 'escrow' : 'contract');
  $auditJob.set(job);
}

/** Reads the stream again: its verification (a head may have been signed since) and its histories. */
export function recheckStream(stream: string) {
  const prefix = `${STREAMS}${encodeURIComponent(stream)}`;
  revalidateKeys((key) => key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`));
}
