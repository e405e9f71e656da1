import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Badge, LiveDot, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  ConsoleAbortRolloutDocument,
  ConsolePromoteOperationDocument,
  type ConsoleRolloutFieldsFragment,
  ConsoleRolloutOperationDocument,
  type ConsoleRolloutOperationFieldsFragment,
  ConsoleWatchRolloutDocument,
} from '../generated/graphql.js';
import { useStream } from '../live.js';

type RolloutOperation = ConsoleRolloutOperationFieldsFragment;
type Rollout = ConsoleRolloutFieldsFragment;
type AnalysisRun = Rollout['analysis'][number];

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);
/** The phases' colours, in the badges' own tones (components.tsx knows only operation states). */
const PHASE_TONES: Record<string, string> = {
  PROGRESSING: 'busy',
  PAUSED: 'wait',
  PROMOTING: 'busy',
  SUCCEEDED: 'ok',
  ABORTED: 'bad',
};
/** The analysis runs shown at once; the server keeps the latest 100 (one a second in a quick test). */
const SHOWN_RUNS = 12;

/**
 * The rollout of the instance's latest operation, when it has one (a canary or
 * blue-green deploy): where it stands, the live split of requests, its steps,
 * each analysis run, and the buttons that move it on or abort it. It follows
 * the operation's own update stream, so the weight and the analysis change
 * without a reload; once the operation ended it folds into one line.
 */
export function RolloutPanel({ operationId, onChanged }: { operationId: string | undefined; onChanged: () => void }) {
  const [{ data }] = useQuery({
    query: ConsoleRolloutOperationDocument,
    variables: { id: operationId ?? '' },
    pause: !operationId,
    requestPolicy: 'network-only',
  });
  const read = data?.node?.__typename === 'Operation' ? (data.node as RolloutOperation) : undefined;
  const [live, setLive] = useState<RolloutOperation>();
  // Followed while it runs, rollout or not yet: a queued deploy has its rollout once its executor starts it.
  const following = read !== undefined && read.id === operationId && !TERMINAL.has(read.status);
  const stream = useStream(ConsoleWatchRolloutDocument, {
    key: operationId ?? '',
    enabled: following,
    unique: false,
    variables: () => ({ operationId: operationId ?? '' }),
    isLast: (u) => TERMINAL.has(u.operationUpdates.status),
    onItem: (u) => {
      setLive(u.operationUpdates);
      // The instance's current release and state change with the end: the page reads them again.
      if (TERMINAL.has(u.operationUpdates.status)) onChanged();
    },
  });
  const op = live?.id === operationId ? live : read?.id === operationId ? read : undefined;
  if (!op?.rollout) return null;
  return <RolloutView operation={op} rollout={op.rollout} streamStatus={following ? stream.status : 'ended'} />;
}

function RolloutView({
  operation,
  rollout,
  streamStatus,
}: {
  operation: RolloutOperation;
  rollout: Rollout;
  streamStatus: string;
}) {
  const running = !TERMINAL.has(operation.status);
  const strategy = rollout.strategy === 'BLUE_GREEN' ? 'Blue-green' : 'Canary';
  const from = rollout.stableRelease ? `v${rollout.stableRelease.version}` : 'stable';
  const to = rollout.newRelease ? `v${rollout.newRelease.version}` : 'new';
  const body = (
    <>
      <WeightBar rollout={rollout} from={from} to={to} />
      <Steps rollout={rollout} running={running} />
      {/* The preview is served while the rollout holds; the switch removes it from the edge. */}
      {rollout.previewUrl && (rollout.phase === 'PROGRESSING' || rollout.phase === 'PAUSED') ? (
        <p className="rollout-preview">
          Preview:{' '}
          <a href={rollout.previewUrl} target="_blank" rel="noreferrer" className="mono" data-testid="rollout-preview">
            {rollout.previewUrl}
          </a>
        </p>
      ) : null}
      {rollout.abortReason ? (
        <div className="banner error" data-testid="rollout-abort-reason">
          <strong>Aborted</strong>: {rollout.abortReason}
        </div>
      ) : operation.error ? (
        <div className="banner error">
          {operation.error.code}: {operation.error.message}
        </div>
      ) : null}
      <AnalysisTable runs={rollout.analysis} />
    </>
  );
  return (
    <section
      className={`panel rollout${running ? '' : ' done'}`}
      aria-label="Rollout"
      data-testid="rollout"
      data-phase={rollout.phase}
      data-status={operation.status}
    >
      <header>
        <h2>
          {strategy} {from} → {to}{' '}
          <span className={`badge ${PHASE_TONES[rollout.phase] ?? 'idle'}`} data-testid="rollout-phase">
            {rollout.phase}
          </span>
          {running || operation.status === rollout.phase ? null : <Badge value={operation.status} />}
        </h2>
        <div className="panel-actions">
          {running ? <LiveDot status={streamStatus} /> : null}
          {running ? <RolloutActions operation={operation} rollout={rollout} /> : null}
        </div>
      </header>
      {running ? (
        body
      ) : (
        // A finished rollout stays in view as one line; its detail is a click away.
        <details>
          <summary className="muted">
            {operation.kind.toLowerCase()} started <Time at={operation.createdAt} />, ended{' '}
            <Time at={operation.finishedAt} /> at {rollout.canaryWeight} % on {to} · {rollout.analysis.length} analysis
            run(s)
          </summary>
          {body}
        </details>
      )}
    </section>
  );
}

/** The split of the route's requests: the stable release's share and the new one's, side by side. */
function WeightBar({ rollout, from, to }: { rollout: Rollout; from: string; to: string }) {
  const weight = Math.max(0, Math.min(100, rollout.canaryWeight));
  return (
    <div className="rollout-weight" data-testid="rollout-weight" data-weight={weight}>
      <div className="rollout-bar" role="img" aria-label={`${100 - weight} % to ${from}, ${weight} % to ${to}`}>
        {weight < 100 ? (
          <div className="stable" style={{ width: `${100 - weight}%` }}>
            {from} {100 - weight} %
          </div>
        ) : null}
        {weight > 0 ? (
          <div className="fresh" style={{ width: `${weight}%` }}>
            {to} {weight} %
          </div>
        ) : null}
      </div>
      <div className="rollout-legend muted small">
        <span>
          <i className="swatch stable" /> stable {from}:{' '}
          <strong data-testid="rollout-stable-weight">{100 - weight} %</strong>
        </span>
        <span>
          <i className="swatch fresh" /> new {to}: <strong data-testid="rollout-new-weight">{weight} %</strong>
        </span>
      </div>
    </div>
  );
}

/** The steps in order, then the full 100 %: done, current (with what is left of its pause), to come. */
function Steps({ rollout, running }: { rollout: Rollout; running: boolean }) {
  const done = rollout.phase === 'PROMOTING' || rollout.phase === 'SUCCEEDED';
  return (
    <ol className="rollout-steps" data-testid="rollout-steps">
      {rollout.steps.map((s, i) => {
        const current = running && !done && i === rollout.stepIndex;
        const state = s.finishedAt || (done && s.startedAt) ? 'done' : current ? 'current' : 'next';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list; their position is their name
          <li key={i} className={state} data-step={i} data-state={state}>
            <strong>{s.weight} %</strong>
            <span className="muted small">
              {current && s.startedAt ? (
                <Countdown startedAt={s.startedAt} pauseSeconds={s.pauseSeconds} paused={rollout.phase === 'PAUSED'} />
              ) : s.pauseSeconds == null ? (
                'until promoted'
              ) : (
                `pause ${s.pauseSeconds}s`
              )}
            </span>
          </li>
        );
      })}
      <li className={rollout.phase === 'SUCCEEDED' ? 'done' : done && running ? 'current' : 'next'} data-step="full">
        <strong>100 %</strong>
        <span className="muted small">{rollout.phase === 'ABORTED' ? 'not reached' : 'every request'}</span>
      </li>
    </ol>
  );
}

/** What is left of a step's pause, by the second; a step without one waits for a promotion. */
function Countdown({
  startedAt,
  pauseSeconds,
  paused,
}: {
  startedAt: string;
  pauseSeconds: number | null | undefined;
  paused: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (pauseSeconds == null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pauseSeconds]);
  if (!paused) return <span data-testid="rollout-countdown">starting</span>;
  if (pauseSeconds == null) return <span data-testid="rollout-countdown">paused until promoted</span>;
  const left = Math.max(0, Math.ceil((Date.parse(startedAt) + pauseSeconds * 1000 - now) / 1000));
  return <span data-testid="rollout-countdown">{left > 0 ? `next step in ${formatSeconds(left)}` : 'moving on…'}</span>;
}

function formatSeconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** A run's verdict: an interval with too few requests is inconclusive (neither passes nor fails). */
function verdictOf(run: AnalysisRun): 'passed' | 'inconclusive' | 'failed' {
  if (run.passed) return 'passed';
  return run.message?.startsWith('inconclusive') ? 'inconclusive' : 'failed';
}

const VERDICT_TONES = { passed: 'ok', inconclusive: 'idle', failed: 'bad' } as const;

/** Each analysis run, newest first. */
function AnalysisTable({ runs }: { runs: readonly AnalysisRun[] }) {
  const newest = [...runs].reverse().slice(0, SHOWN_RUNS);
  return (
    <table className="grid rollout-analysis" data-testid="rollout-analysis">
      <thead>
        <tr>
          <th>Analysis at</th>
          <th>Requests</th>
          <th>Error rate</th>
          <th>p99</th>
          <th>Verdict</th>
          <th>Message</th>
        </tr>
      </thead>
      <tbody>
        {newest.map((run) => {
          const verdict = verdictOf(run);
          return (
            <tr key={run.at} data-verdict={verdict} data-requests={run.requests}>
              <td>
                <time dateTime={run.at} title={run.at}>
                  {new Date(run.at).toLocaleTimeString()}
                </time>
              </td>
              <td>{run.requests}</td>
              <td>{(run.errorRate * 100).toFixed(1)} %</td>
              <td>{run.p99Ms == null ? <span className="muted">—</span> : `${Math.round(run.p99Ms)} ms`}</td>
              <td>
                <span className={`badge ${VERDICT_TONES[verdict]}`}>{verdict}</span>
              </td>
              <td className="muted">{run.message ?? ''}</td>
            </tr>
          );
        })}
        {runs.length === 0 ? (
          <tr>
            <td colSpan={6} className="empty">
              No analysis run yet.
            </td>
          </tr>
        ) : null}
        {runs.length > SHOWN_RUNS ? (
          <tr>
            <td colSpan={6} className="muted small">
              and {runs.length - SHOWN_RUNS} earlier run(s)
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** Promote (the next step), promote fully (straight to 100 %), abort: for a token with DEPLOY only. */
function RolloutActions({ operation, rollout }: { operation: RolloutOperation; rollout: Rollout }) {
  const canDeploy = useCan('DEPLOY');
  const [problem, setProblem] = useState<MutationProblem>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, promote] = useMutation(ConsolePromoteOperationDocument);
  const [, abort] = useMutation(ConsoleAbortRolloutDocument);
  if (!canDeploy) return null;
  const run = async (action: 'next' | 'full' | 'abort') => {
    setProblem(undefined);
    setBusy(true);
    const r =
      action === 'abort'
        ? await abort({ input: { operationId: operation.id } }).then((x) => problemOf(x.data?.cancelOperation, x.error))
        : await promote({ input: { operationId: operation.id, full: action === 'full' } }).then((x) =>
            problemOf(x.data?.promoteOperation, x.error),
          );
    setBusy(false);
    setConfirming(false);
    setProblem(r);
  };
  // Past the steps (promoting to 100 %, or aborting) there is nothing left to move on.
  const movable = rollout.phase === 'PAUSED' || rollout.phase === 'PROGRESSING';
  return (
    <div className="rollout-actions" data-testid="rollout-actions">
      <div className="actions">
        <button type="button" onClick={() => void run('next')} disabled={busy || !movable}>
          Promote
        </button>
        <button type="button" onClick={() => void run('full')} disabled={busy || !movable}>
          Promote fully
        </button>
        {confirming ? (
          <span className="confirm">
            Send every request back to the stable release?
            <button type="button" className="danger" onClick={() => void run('abort')} disabled={busy}>
              Yes, abort
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Abort…
          </button>
        )}
      </div>
      <ProblemBanner problem={problem} />
    </div>
  );
}
