import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Badge, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { InstanceSchedulesDocument, UpdateScheduleDocument } from '../generated/graphql.js';
import { JobLog } from './instance-jobs.js';
import type { InstanceData } from './instance-page.js';

/** After a schedule's next run, the panel reads again this much later (the ticker claims a due tick within seconds). */
const AFTER_TICK_MS = 6_000;

/**
 * An instance's schedules (docs/jobs.md): each cron expression in its time
 * zone, the concurrency policy, when it runs next and how its last run ended
 * (its log a click away); with scope deploy, pause and resume. Re-read on the
 * page's events and, since a tick skipped or missed moves no instance state,
 * once more just after the soonest next run.
 */
export function SchedulesPanel({ instance, version }: { instance: InstanceData; version: number }) {
  const canDeploy = useCan('DEPLOY');
  const [{ data }, refetch] = useQuery({
    query: InstanceSchedulesDocument,
    variables: { id: instance.id },
    requestPolicy: 'network-only',
  });
  const [{ fetching }, update] = useMutation(UpdateScheduleDocument);
  const [problem, setProblem] = useState<MutationProblem>();
  const [chosen, setChosen] = useState<string>();
  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const schedules = data?.instance?.schedules ?? [];
  const soonest = schedules
    .map((s) => (s.nextRunAt ? Date.parse(s.nextRunAt) : Number.POSITIVE_INFINITY))
    .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    // Timers cap near 24.8 days; a later run is re-read by the page's next event or visit.
    const wait = Math.min(Math.max(soonest - Date.now(), 0) + AFTER_TICK_MS, 2 ** 31 - 1);
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), wait);
    return () => clearTimeout(timer);
  }, [soonest, refetch]);
  if (schedules.length === 0) return null;
  const open = schedules.find((s) => s.lastJob?.id === chosen);

  const setSuspended = async (id: string, suspended: boolean) => {
    setProblem(undefined);
    const r = await update({ input: { id, suspended } });
    setProblem(problemOf(r.data?.updateSchedule, r.error));
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <Panel title="Schedules">
      <ProblemBanner problem={problem} />
      <table className="grid" aria-label="Schedules" data-testid="schedules">
        <thead>
          <tr>
            <th>Name</th>
            <th>Service</th>
            <th>Cron</th>
            <th>Concurrency</th>
            <th>Next run</th>
            <th>Last result</th>
            {canDeploy ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {schedules.map((s) => (
            <tr key={s.id} data-schedule={s.name}>
              <td>{s.name}</td>
              <td>{s.service}</td>
              <td className="mono" title={s.command.join(' ')}>
                {s.cron} <span className="muted">{s.timeZone}</span>
              </td>
              <td>{s.concurrency}</td>
              <td data-col="next">{s.suspended ? <Badge value="PAUSED" /> : <Time at={s.nextRunAt} />}</td>
              <td data-col="last">
                {s.lastJob ? (
                  <>
                    <Badge value={s.lastJob.status} />
                    {s.lastJob.exitCode != null ? <span className="muted"> exit {s.lastJob.exitCode} </span> : ' '}
                    <Time at={s.lastJob.scheduledAt} />{' '}
                    <button
                      type="button"
                      onClick={() => setChosen(s.lastJob?.id === chosen ? undefined : s.lastJob?.id)}
                    >
                      {s.lastJob.id === chosen ? 'Hide log' : 'Log'}
                    </button>
                  </>
                ) : (
                  <span className="muted">not run yet</span>
                )}
              </td>
              {canDeploy ? (
                <td>
                  <button type="button" disabled={fetching} onClick={() => setSuspended(s.id, !s.suspended)}>
                    {s.suspended ? 'Resume' : 'Pause'}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {open?.lastJob ? <JobLog key={open.lastJob.id} job={{ id: open.lastJob.id, command: open.command }} /> : null}
    </Panel>
  );
}
