import { useEffect, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Badge, durationText, Panel, Time } from '../components.js';
import {
  type BuildLogLineFieldsFragment,
  InstanceJobsDocument,
  type JobFieldsFragment,
  JobLogPageDocument,
} from '../generated/graphql.js';
import type { InstanceData } from './instance-page.js';

const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELED', 'TIMED_OUT', 'MISSED', 'SKIPPED']);
const KEEP = 2000;
/** How often a running job's log is read again (jobs have no log subscription: their lines are paged). */
const POLL_MS = 1000;

/**
 * An instance's jobs (`wheelhouse run`, release commands, schedules), newest
 * first: the command, its status and exit code, how long it ran. Re-read
 * whenever the page's event stream moves (`version`); choosing one opens its
 * stored log, read on while the job runs.
 */
export function JobsPanel({ instance, version }: { instance: InstanceData; version: number }) {
  const [{ data }, refetch] = useQuery({
    query: InstanceJobsDocument,
    variables: { id: instance.id, first: 10 },
    requestPolicy: 'network-only',
  });
  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const jobs = data?.instance?.jobs.edges.map((e) => e.node) ?? [];
  const [chosen, setChosen] = useState<string>();
  const open = jobs.find((j) => j.id === chosen);
  if (jobs.length === 0) return null;
  return (
    <Panel title="Jobs">
      <table className="grid" data-testid="jobs">
        <thead>
          <tr>
            <th>Service</th>
            <th>Command</th>
            <th>Status</th>
            <th>Exit</th>
            <th>Duration</th>
            <th>Started</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id} data-job={j.id} data-status={j.status} className={j.id === chosen ? 'current' : undefined}>
              <td>{j.service}</td>
              <td className="mono" data-col="command">
                {j.command.join(' ')}
              </td>
              <td>
                <Badge value={j.status} title={j.error ?? undefined} />
              </td>
              <td data-col="exit">{j.exitCode ?? '—'}</td>
              <td>{durationText(j.startedAt, j.finishedAt)}</td>
              <td>
                <Time at={j.startedAt ?? j.createdAt} />
              </td>
              <td>
                <button type="button" onClick={() => setChosen(j.id === chosen ? undefined : j.id)}>
                  {j.id === chosen ? 'Hide log' : 'Log'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <JobLog key={open.id} job={open} /> : null}
    </Panel>
  );
}

/** One job's log: every stored line, then the new ones every second until the job has ended. */
export function JobLog({ job }: { job: Pick<JobFieldsFragment, 'id' | 'command'> & { error?: string | null } }) {
  const client = useClient();
  const [lines, setLines] = useState<BuildLogLineFieldsFragment[]>([]);
  const [error, setError] = useState(job.error);
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    let stopped = false;
    let after: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      for (;;) {
        const r = await client
          .query(JobLogPageDocument, { id: job.id, first: 500, after }, { requestPolicy: 'network-only' })
          .toPromise();
        const node = r.data?.node;
        if (stopped || node?.__typename !== 'Job') return;
        const page = node.logs.edges.map((e) => e.node);
        if (page.length > 0) setLines((all) => [...all, ...page].slice(-KEEP));
        after = node.logs.pageInfo.endCursor ?? after;
        setError(node.error);
        if (node.logs.pageInfo.hasNextPage) continue;
        // Ended and every line read: nothing more will come.
        if (ENDED.has(node.status)) return;
        timer = setTimeout(read, POLL_MS);
        return;
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, job.id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever lines arrive
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);
  return (
    <div className="build-log" data-testid="job-log">
      <div className="panel-actions">
        <span className="mono">{job.command.join(' ')}</span>
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      <pre className="logs" ref={box} data-testid="job-log-lines">
        {lines.map((l) => (
          <div key={l.cursor}>{l.line}</div>
        ))}
        {lines.length === 0 ? <span className="muted">No lines yet.</span> : null}
      </pre>
    </div>
  );
}
