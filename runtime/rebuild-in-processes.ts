import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { combineProgress, splitForRebuild, type RebuildProgress } from '../infrastructure/projections/rebuild.ts';
import type { Projection } from '../infrastructure/projections/types.ts';

/**
 * Node's flags for a pass: a window's events and rows stay alive for seconds, so in the default
 * 16 MB young generation most of what a collection finds is alive and copied again
 * (docs/decisions.md).
 */
export const REBUILD_NODE_FLAGS = ['--max-semi-space-size=128'];

/** What a pass's process tells the command (runtime/projections-rebuild-pass.ts). */
export type PassMessage = { type: 'progress' | 'done'; progress: RebuildProgress };

/** As many passes as cores, at most four: each pass reads the log again, and PostgreSQL needs a core too. */
export const defaultRebuildProcesses = () => Math.max(1, Math.min(4, availableParallelism()));

export type RebuildInProcesses = {
  progress: RebuildProgress;
  /** The read models of each pass, by name. */
  groups: string[][];
};

/**
 * Rebuilds the read models from zero in passes side by side, one process each, the read models
 * split between them by weight (`splitForRebuild`): a pass runs on one thread, so one pass on a
 * machine of two cores leaves one idle. Each pass is `rebuildProjections` over its read models.
 * The caller must own the read models (hold their advisory locks) until this returns. If a pass
 * fails, the others are stopped and this throws; their read models stay marked unfinished, so the
 * next worker start (or rebuild) resets them from zero.
 */
export async function rebuildInProcesses(
  databaseUrl: string,
  projections: readonly Projection[],
  options: { processes?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildInProcesses> {
  const groups = splitForRebuild(projections, options.processes ?? defaultRebuildProcesses()).map((group) =>
    group.map((projection) => projection.name),
  );
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const latest: (RebuildProgress | null)[] = groups.map(() => null);
  const combined = () =>
    combineProgress(
      latest.filter((progress): progress is RebuildProgress => progress !== null),
      seconds(),
    );
  let reportedAt = 0;
  const entry = fileURLToPath(new URL('./projections-rebuild-pass.ts', import.meta.url));
  const children: ChildProcess[] = [];
  const passes = groups.map(
    (names, index) =>
      new Promise<RebuildProgress>((resolve, reject) => {
        const child = fork(entry, names, {
          execArgv: [...REBUILD_NODE_FLAGS, '--import', 'tsx'],
          env: { ...process.env, DATABASE_URL: databaseUrl },
          // Positions are bigints, which JSON cannot carry.
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.push(child);
        let done: RebuildProgress | null = null;
        child.on('message', (message: PassMessage) => {
          latest[index] = message.progress;
          if (message.type === 'done') done = message.progress;
          const now = performance.now();
          if (now - reportedAt >= 1000) {
            reportedAt = now;
            options.onProgress?.(combined());
          }
        });
        child.once('error', reject);
        child.once('exit', (code, signal) => {
          if (code === 0 && done) resolve(done);
          else reject(new Error(`the rebuild of ${names.join(', ')} ended with ${signal ?? `exit code ${code}`}`));
        });
      }),
  );
  try {
    await Promise.all(passes);
  } catch (error) {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.allSettled(passes);
    throw error;
  }
  const progress = combined();
  options.onProgress?.(progress);
  return { progress, groups };
}
