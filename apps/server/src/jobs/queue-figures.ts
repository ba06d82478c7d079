/**
 * What an operator needs of the job system: counts by the catalogue's queues and job states
 * (docs/jobs.md, "States": waiting, active, completed, failed, delayed, paused), and the failed
 * jobs with their last error. Read by `npm run jobs` and logged by the workers every few minutes.
 */
import { catalogueQueueOf } from './job-payloads';
import type { Database } from '../db/database';

const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed', 'paused'] as const;
type JobState = (typeof JOB_STATES)[number];

type QueueFigures = {
  queues: Record<string, Record<JobState, number>>;
  failed: { queue: string; name: string; id: string; at: string; error: string }[];
};

export async function readQueueFigures(
  database: Database,
  options: { failedLimit?: number } = {},
): Promise<QueueFigures> {
  // pg-boss states → the documented ones: created (due) is waiting, created later or retry is
  // delayed.
  const { rows } = await database.executeSql(
    `SELECT name,
       CASE
         WHEN state = 'active' THEN 'active'
         WHEN state = 'completed' THEN 'completed'
         WHEN state IN ('failed', 'cancelled') THEN 'failed'
         WHEN state = 'retry' OR start_after > now() THEN 'delayed'
         ELSE 'waiting'
       END AS state,
       count(*)::int AS count
     FROM pgboss.job GROUP BY 1, 2`,
  );
  const queues: QueueFigures['queues'] = {};
  for (const row of rows as { name: string; state: JobState; count: number }[]) {
    const queue = catalogueQueueOf(row.name) ?? row.name;
    queues[queue] ??= Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    queues[queue][row.state] += row.count;
  }
  const failed = await database.executeSql(
    `SELECT name, id::text, coalesce(completed_on, created_on) AS at,
       coalesce(output->>'message', '') AS error
     FROM pgboss.job WHERE state = 'failed'
     ORDER BY coalesce(completed_on, created_on) DESC LIMIT $1`,
    [options.failedLimit ?? 20],
  );
  return {
    queues,
    failed: (failed.rows as { name: string; id: string; at: Date | string; error: string }[]).map(
      (row) => ({
        queue: catalogueQueueOf(row.name) ?? row.name,
        name: row.name,
        id: row.id,
        at: new Date(row.at).toISOString(),
        error: row.error,
      }),
    ),
  };
}

/** The figures as a plain-text table for a terminal. */
export function formatQueueFigures(figures: QueueFigures): string {
  const header = ['queue', ...JOB_STATES];
  const lines = Object.entries(figures.queues)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([queue, counts]) => [queue, ...JOB_STATES.map((s) => String(counts[s]))]);
  const table = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const out = table.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  out.push('', figures.failed.length ? 'Failed jobs (newest first):' : 'No failed jobs.');
  for (const f of figures.failed)
    out.push(`  ${f.at}  ${f.queue} / ${f.name}  ${f.id}  ${f.error}`);
  return out.join('\n');
}
