import { useEffect, useMemo, useState } from 'react';
import { useClient } from 'urql';
import { ConsoleAutoscaleEventsDocument, type EventFieldsFragment } from '../generated/graphql.js';

/** How far back the charts look. */
export const CHART_WINDOW_MS = 60 * 60 * 1000;
/** The event type the autoscaler writes for each decision (src/worker/autoscaler.ts). */
export const DECISION_EVENT = 'autoscale.decision';
/** When a SCALE the autoscaler queued has changed the replicas. */
const SUCCEEDED_EVENT = 'operation.succeeded';
const PAGE_SIZE = 100;
/** A bound on the first read (a busy hour at a 1 s interval is 3,600 decisions per service). */
const MAX_PAGES = 40;

/**
 * One `autoscale.decision` event as the charts draw it: the replicas the
 * service ran when sampled, the replicas decided, and the samples (null when
 * not measured: no target on that metric, or no reading yet).
 */
export interface AutoscaleSample {
  id: string;
  /** The event's place in the log (its cursor): the order decisions were made in. */
  seq: number;
  /** Milliseconds since the epoch. */
  at: number;
  service: string;
  current: number;
  desired: number;
  cpuPercent: number | null;
  requestsPerSecond: number | null;
  scaled: boolean;
  /** The SCALE operation a decision that scaled queued. */
  operationId: string | null;
  /** When that operation succeeded (milliseconds since the epoch): the replicas are `desired` from then on. */
  scaledAt: number | null;
}

type EventLike = Pick<EventFieldsFragment, 'id' | 'cursor' | 'type' | 'occurredAt' | 'data'> & {
  operation?: { id: string } | null;
};

/** A decision event's sample, or undefined when its data is not one (an older or foreign shape). */
export function sampleOf(e: EventLike): AutoscaleSample | undefined {
  if (e.type !== DECISION_EVENT) return undefined;
  const d = e.data as Record<string, unknown> | null;
  if (!d || typeof d.service !== 'string') return undefined;
  if (typeof d.currentReplicas !== 'number' || typeof d.desiredReplicas !== 'number') return undefined;
  const at = Date.parse(e.occurredAt);
  if (Number.isNaN(at)) return undefined;
  return {
    id: e.id,
    seq: Number(e.cursor),
    at,
    service: d.service,
    current: d.currentReplicas,
    desired: d.desiredReplicas,
    cpuPercent: typeof d.cpuPercent === 'number' ? d.cpuPercent : null,
    requestsPerSecond: typeof d.requestsPerSecond === 'number' ? d.requestsPerSecond : null,
    scaled: d.scaled === true,
    operationId: d.scaled === true ? (e.operation?.id ?? null) : null,
    scaledAt: null,
  };
}

/** A clock that moves every `ms`, so a chart's right edge stays "now" while nothing happens. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The instance's autoscaler decisions of the last hour, oldest first, each
 * that scaled with the time its SCALE operation succeeded: read once through
 * `events` (newest first, page after page by cursor until an event is older
 * than the hour), then kept up to date from the page's own event stream
 * (`live`), so a new decision shows without another read. An event both read
 * and streamed counts once.
 */
export function useAutoscaleSamples(
  instanceId: string,
  live: readonly EventLike[],
  now: number,
): { samples: AutoscaleSample[]; loading: boolean; error: string | undefined } {
  const client = useClient();
  const [read, setRead] = useState<EventLike[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let stopped = false;
    (async () => {
      const since = Date.now() - CHART_WINDOW_MS;
      const out: EventLike[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const r = await client
          .query(
            ConsoleAutoscaleEventsDocument,
            { instanceId, first: PAGE_SIZE, after },
            { requestPolicy: 'network-only' },
          )
          .toPromise();
        if (stopped) return;
        if (r.error || !r.data) {
          setError(r.error?.message ?? 'no data');
          break;
        }
        let older = false;
        for (const { node } of r.data.events.edges) {
          if (Date.parse(node.occurredAt) < since) {
            older = true;
            break;
          }
          out.push(node);
        }
        const { hasNextPage, endCursor } = r.data.events.pageInfo;
        if (older || !hasNextPage || !endCursor) break;
        after = endCursor;
      }
      if (!stopped) setRead(out);
    })();
    return () => {
      stopped = true;
    };
  }, [client, instanceId]);

  const samples = useMemo(() => {
    const byId = new Map<string, AutoscaleSample>();
    const succeeded = new Map<string, number>();
    for (const e of [...(read ?? []), ...live]) {
      if (e.type === SUCCEEDED_EVENT && e.operation) succeeded.set(e.operation.id, Date.parse(e.occurredAt));
      if (byId.has(e.id)) continue;
      const s = sampleOf(e);
      if (s) byId.set(s.id, s);
    }
    return [...byId.values()]
      .filter((s) => s.at >= now - CHART_WINDOW_MS)
      .map((s) => (s.operationId ? { ...s, scaledAt: succeeded.get(s.operationId) ?? null } : s))
      .sort((a, b) => a.seq - b.seq || a.at - b.at);
  }, [read, live, now]);

  return { samples, loading: read === undefined && error === undefined, error };
}
