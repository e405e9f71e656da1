import { useState } from 'react';
import { useMutation, useSubscription } from 'urql';
import { Badge, LiveDot, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  type EventFieldsFragment,
  type OperationFieldsFragment,
  type ReleaseFieldsFragment,
  RollbackInstanceDocument,
  WatchOperationUpdatesDocument,
} from '../generated/graphql.js';
import type { InstanceData, Lacks } from './instance-page.js';

/** Releases, newest first, each with its images; every earlier one can be rolled back to. */
export function ReleasesTable({
  instance,
  releases,
  lacks,
  onChanged,
}: {
  instance: InstanceData;
  releases: ReleaseFieldsFragment[];
  lacks: Lacks;
  onChanged: () => void;
}) {
  const canDeploy = useCan('DEPLOY');
  const [problem, setProblem] = useState<MutationProblem>();
  const [, rollback] = useMutation(RollbackInstanceDocument);
  const reason = lacks('DEPLOY');
  const current = instance.currentRelease?.version ?? 0;
  const roll = async (releaseId: string) => {
    setProblem(undefined);
    const r = await rollback({ input: { instanceId: instance.id, releaseId } });
    setProblem(problemOf(r.data?.rollbackInstance, r.error));
    onChanged();
  };
  return (
    <Panel title="Releases">
      <ProblemBanner problem={problem} />
      <table className="grid" data-testid="releases">
        <thead>
          <tr>
            <th>Release</th>
            <th>Images</th>
            <th>Made by</th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.id} data-release={r.version} className={r.isCurrent ? 'current' : undefined}>
              <td>
                v{r.version} {r.isCurrent ? <span className="badge ok">current</span> : null}
                {r.rolledBackFrom ? <span className="muted"> (copy of v{r.rolledBackFrom.version})</span> : null}
              </td>
              <td className="mono">
                {r.snapshots.map((s) => (
                  <div key={s.name}>
                    {s.name}: {s.image}
                  </div>
                ))}
              </td>
              <td>
                {r.operation ? (
                  <>
                    {r.operation.kind.toLowerCase()} <Badge value={r.operation.status} />
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <Time at={r.createdAt} />
              </td>
              <td>
                {canDeploy && !r.isCurrent && r.version < current ? (
                  <button type="button" onClick={() => void roll(r.id)} disabled={reason !== undefined} title={reason}>
                    Roll back to v{r.version}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);

/** The latest operations; one still running follows its own updates, step by step. */
export function OperationsList({
  operations,
  onChanged,
}: {
  operations: OperationFieldsFragment[];
  onChanged: () => void;
}) {
  return (
    <Panel title="Operations">
      <ol className="operations" data-testid="operations">
        {operations.map((op) => (
          <OperationItem key={op.id} operation={op} onEnded={onChanged} />
        ))}
        {operations.length === 0 ? <li className="muted">None yet.</li> : null}
      </ol>
    </Panel>
  );
}

function OperationItem({ operation, onEnded }: { operation: OperationFieldsFragment; onEnded: () => void }) {
  const running = !TERMINAL.has(operation.status);
  const [{ data }] = useSubscription(
    { query: WatchOperationUpdatesDocument, variables: { operationId: operation.id }, pause: !running },
    (_prev, next) => {
      if (TERMINAL.has(next.operationUpdates.status)) onEnded();
      return next;
    },
  );
  const op = running && data ? data.operationUpdates : operation;
  return (
    <li data-operation={op.kind} data-status={op.status}>
      <div className="op-head">
        <strong>{op.kind.toLowerCase()}</strong> <Badge value={op.status} />
        {op.readinessOutcome ? <Badge value={op.readinessOutcome} title="readiness outcome" /> : null}
        {op.release ? <span className="muted"> → v{op.release.version}</span> : null}
        <span className="muted">
          {' '}
          <Time at={op.createdAt} />
        </span>
      </div>
      {op.error ? (
        <div className="banner error">
          {op.error.code}: {op.error.message}
        </div>
      ) : null}
      <ul className="steps">
        {op.steps.map((s) => (
          <li key={s.name} className={`step ${s.status.toLowerCase()}`}>
            <Badge value={s.status} /> {s.name}
            {s.message ? <span className="muted"> — {s.message}</span> : null}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The instance's events, newest first: state changes with readiness as they happen. */
export function EventTimeline({
  events,
  status,
  reconnects,
}: {
  events: EventFieldsFragment[];
  status: string;
  reconnects: number;
}) {
  return (
    <Panel
      title="Events"
      actions={
        <>
          <LiveDot status={status} />
          {reconnects > 0 ? <span className="muted"> resumed {reconnects}×</span> : null}
        </>
      }
    >
      <ol className="timeline" data-testid="events">
        {events.map((e) => (
          <li key={e.id} data-id={e.id} data-type={e.type} data-to={e.toState ?? ''} data-ready={String(e.ready ?? '')}>
            <Time at={e.occurredAt} /> <span className="mono">{e.type}</span>
            {e.toState ? (
              <>
                {' '}
                {e.fromState ? <Badge value={e.fromState} /> : null} → <Badge value={e.toState} />
              </>
            ) : null}
            {e.ready !== null && e.ready !== undefined ? (
              <span className={`badge ${e.ready ? 'ok' : 'wait'}`}>{e.ready ? 'ready' : 'not ready'}</span>
            ) : null}
            {e.message ? <span className="muted"> {e.message}</span> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
