import type { ReactNode } from 'react';

const TONES: Record<string, string> = {
  RUNNING: 'ok',
  SUCCEEDED: 'ok',
  READY: 'ok',
  ACTIVE: 'ok',
  PROVISIONING: 'busy',
  STARTING: 'busy',
  STOPPING: 'busy',
  DESTROYING: 'busy',
  QUEUED: 'busy',
  PENDING: 'busy',
  STOPPED: 'idle',
  DESTROYED: 'idle',
  CANCELED: 'idle',
  FAILED: 'bad',
  TIMEOUT: 'bad',
};

/** A state, status or outcome as a coloured pill. */
export function Badge({ value, title }: { value: string; title?: string }) {
  return (
    <span className={`badge ${TONES[value] ?? 'idle'}`} title={title}>
      {value}
    </span>
  );
}

/** Ready or not, as the list and the instance page show it. */
export function Ready({ ready }: { ready: boolean }) {
  return <span className={`badge ${ready ? 'ok' : 'wait'}`}>{ready ? 'ready' : 'not ready'}</span>;
}

export function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <header>
        <h2>{title}</h2>
        {actions ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A time as the viewer's clock shows it, seconds included (live views change by the second). */
export function Time({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="muted">—</span>;
  const d = new Date(at);
  return (
    <time dateTime={at} title={d.toISOString()}>
      {d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' })}
    </time>
  );
}

/** A stream's state as a small dot with a label. */
export function LiveDot({ status }: { status: string }) {
  return <span className={`live ${status}`}>{status}</span>;
}

/** How long something ran: `4.2s`, `1m 3s`, with `so far` while it has not ended; `—` before it started. */
export function durationText(startedAt: string | null | undefined, finishedAt: string | null | undefined): string {
  if (!startedAt) return '—';
  const end = finishedAt ? Date.parse(finishedAt) : Date.now();
  const s = Math.max(0, Math.round((end - Date.parse(startedAt)) / 100) / 10);
  return `${s >= 60 ? `${Math.floor(s / 60)}m ${Math.round(s % 60)}s` : `${s}s`}${finishedAt ? '' : ' so far'}`;
}
