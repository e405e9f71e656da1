import { useEffect, useRef, useState } from 'react';
import { LiveDot, Panel } from '../components.js';
import { useCan } from '../console-context.js';
import { WatchInstanceLogsDocument, type WatchInstanceLogsSubscription } from '../generated/graphql.js';
import { useStream } from '../live.js';
import type { InstanceData, Lacks } from './instance-page.js';

type Line = WatchInstanceLogsSubscription['instanceLogs'];
const KEEP = 500;

/**
 * One service's log, live. Pause freezes the view (lines keep arriving and
 * show on resume); follow keeps the newest line in sight. After a dropped
 * socket the stream resumes from the time of the last line shown.
 */
export function InstanceLogs({ instance, lacks }: { instance: InstanceData; lacks: Lacks }) {
  // EXEC still reads logs (it did before LOGS existed), so either one opens the view, as on the server.
  // Both hooks run on every render (a short-circuit would skip one).
  const hasLogs = useCan('LOGS');
  const hasExec = useCan('EXEC');
  const canLogs = hasLogs || hasExec;
  const [service, setService] = useState(instance.services[0]?.name ?? '');
  const [lines, setLines] = useState<Line[]>([]);
  const [paused, setPaused] = useState(false);
  const [follow, setFollow] = useState(true);
  const [shown, setShown] = useState<Line[]>([]);
  const box = useRef<HTMLPreElement>(null);
  const reason = lacks('LOGS') ?? (canLogs ? undefined : 'logs need the LOGS (or EXEC) scope');
  const running = instance.state !== 'DESTROYED';

  const stream = useStream(WatchInstanceLogsDocument, {
    key: `${instance.id}/${service}`,
    enabled: reason === undefined && running && service !== '',
    variables: (since) => ({ instanceId: instance.id, service, follow: true, ...(since ? { since } : { tail: 100 }) }),
    // Lines have no cursor: a resumed stream starts at the time of the last line shown.
    cursorOf: (item) => item.instanceLogs.timestamp,
    unique: false,
    onItem: (item) => setLines((all) => [...all, item.instanceLogs].slice(-KEEP)),
  });
  useEffect(() => {
    if (!paused) setShown(lines);
  }, [lines, paused]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the shown lines change
  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [shown, follow]);

  return (
    <Panel
      title="Logs"
      actions={
        reason ? undefined : (
          <>
            <select
              aria-label="Log service"
              value={service}
              onChange={(e) => {
                setService(e.target.value);
                setLines([]);
              }}
            >
              {instance.services.map((s) => (
                <option key={s.name}>{s.name}</option>
              ))}
            </select>
            <button type="button" onClick={() => setPaused(!paused)} aria-pressed={paused}>
              {paused ? `Resume (${lines.length - shown.length} new)` : 'Pause'}
            </button>
            <label className="inline">
              <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
            </label>
            <LiveDot status={stream.status} />
          </>
        )
      }
    >
      {reason ? (
        <p className="muted">{reason}</p>
      ) : (
        <pre className="logs" ref={box} data-testid="logs">
          {shown.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no identity of their own
            <div key={i} className={l.stream === 'STDERR' ? 'stderr' : undefined}>
              <span className="muted">{l.timestamp.slice(11, 19)}</span>{' '}
              {l.dropped ? `[${l.dropped} lines dropped] ` : ''}
              {l.message}
            </div>
          ))}
          {shown.length === 0 ? <span className="muted">No lines yet.</span> : null}
        </pre>
      )}
    </Panel>
  );
}
