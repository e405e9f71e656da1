import type { Dispatch, ReactNode, SetStateAction } from 'react';

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

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A size in binary units: `512 B`, `1.5 KiB`, `200.0 MiB`; `—` when unknown. */
export function bytesText(bytes: number | null | undefined): string {
  if (bytes == null) return '—';
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${n.toFixed(1)} ${UNITS[unit]}`;
}

/** How long ago `at` was, coarsely: `12s ago`, `5m ago`, `3h ago`, `2d ago`. */
export function ageText(at: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

/**
 * Forward-only keyset paging under a table: `pages` holds the cursors of the
 * pages shown so far (the last is the current page's `after`); the next page
 * starts after this one's end cursor, and going back pops.
 */
export function Pager({
  pages,
  setPages,
  pageInfo,
  back = '← Previous',
  next = 'Next →',
}: {
  pages: (string | undefined)[];
  setPages: Dispatch<SetStateAction<(string | undefined)[]>>;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null } | undefined;
  back?: string;
  next?: string;
}) {
  return (
    <div className="pager">
      <button type="button" disabled={pages.length < 2} onClick={() => setPages((p) => p.slice(0, -1))}>
        {back}
      </button>
      <span className="muted">page {pages.length}</span>
      <button
        type="button"
        disabled={!pageInfo?.hasNextPage}
        onClick={() => setPages((p) => [...p, pageInfo?.endCursor ?? undefined])}
      >
        {next}
      </button>
    </div>
  );
}
