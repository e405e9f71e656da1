/**
 * Every metric Wheelhouse exports, in one place, on one prom-client registry
 * of its own (not prom-client's global one, so nothing else in the process
 * can add to or clash with it). Counters and histograms are moved where the
 * thing happens (the yoga plugin, the provider-call door, the executor, the
 * supervisor); the queue and stream gauges are read on each scrape, so a
 * scrape always shows now, whichever replica did the work.
 *
 * Metrics are per process: with one app per process (production) that is
 * per replica; tests that run two apps in one process see their sum.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../db/db-types.js';
import { readQueueStats } from '../db/repositories/queue-stats-repository.js';
import type { EventHubStats } from './streams/event-hub.js';

/** The registry /metrics serves. */
export const metricsRegistry = new Registry();

/** What the exposition format's Content-Type is. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

const registers = [metricsRegistry];

/** GraphQL requests by operation name, kind and outcome. */
export const graphqlRequests = new Counter({
  name: 'wheelhouse_graphql_requests_total',
  help: 'GraphQL requests (HTTP and WebSocket) by operation name, kind (query, mutation, subscription; none when refused before execution) and outcome (ok, error, refused)',
  labelNames: ['operation', 'kind', 'outcome'] as const,
  registers,
});

/** Time from execution start to result (for a subscription: to its first answer, the stream set up). */
export const graphqlRequestSeconds = new Histogram({
  name: 'wheelhouse_graphql_request_duration_seconds',
  help: 'GraphQL execution time by operation name, kind and outcome (subscriptions: until the stream is set up)',
  labelNames: ['operation', 'kind', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Operations this process ran to an end, by kind and outcome. */
export const operationsFinished = new Counter({
  name: 'wheelhouse_operations_total',
  help: 'Operations this replica ran to an end, by kind and outcome (succeeded, failed, canceled; released when handed back at shutdown)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

/** How long one run of an operation took, from its claim to its recorded outcome. */
export const operationSeconds = new Histogram({
  name: 'wheelhouse_operation_duration_seconds',
  help: 'Duration of an operation run on this replica, from claim to recorded outcome, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers,
});

/** Provider calls by provider key, call and outcome, with the error kind of failures. */
export const providerCalls = new Counter({
  name: 'wheelhouse_provider_calls_total',
  help: 'Provider calls by provider key, call, outcome (ok, error) and error kind (unavailable, not_found, timeout, …; empty when ok)',
  labelNames: ['provider', 'call', 'outcome', 'error_kind'] as const,
  registers,
});

/** Provider call latency. */
export const providerCallSeconds = new Histogram({
  name: 'wheelhouse_provider_call_duration_seconds',
  help: 'Provider call latency by provider key, call and outcome',
  labelNames: ['provider', 'call', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers,
});

/** Recovery operations the supervisor queued. */
export const supervisorRecoveries = new Counter({
  name: 'wheelhouse_supervisor_recoveries_total',
  help: 'Recovery operations the supervisor on this replica queued, by operation kind',
  labelNames: ['kind'] as const,
  registers,
});

const queued = new Gauge({
  name: 'wheelhouse_operations_queued',
  help: 'Operations waiting to be claimed (all replicas; read at scrape)',
  registers,
});
const running = new Gauge({
  name: 'wheelhouse_operations_running',
  help: 'Operations an executor holds (all replicas; read at scrape)',
  registers,
});
const expiredLeases = new Gauge({
  name: 'wheelhouse_operations_expired_leases',
  help: 'Running operations whose lease lapsed: their executor died and another will re-claim them (read at scrape)',
  registers,
});
const oldestQueued = new Gauge({
  name: 'wheelhouse_operations_oldest_queued_seconds',
  help: 'Age of the oldest queued operation, 0 when none waits (read at scrape)',
  registers,
});
const oldestRunning = new Gauge({
  name: 'wheelhouse_operations_oldest_running_seconds',
  help: 'Seconds since the oldest running operation was first claimed, 0 when none runs (read at scrape)',
  registers,
});
const databaseUp = new Gauge({
  name: 'wheelhouse_database_up',
  help: '1 when the queue could be read at this scrape, 0 when the database did not answer',
  registers,
});
const subscriptionsOpen = new Gauge({
  name: 'wheelhouse_subscriptions_open',
  help: 'Event streams (subscriptions) open on this replica',
  registers,
});
const listenerUp = new Gauge({
  name: 'wheelhouse_event_listener_up',
  help: '1 while this replica LISTENs for new events, 0 while it reconnects (events still arrive by polling)',
  registers,
});

/**
 * prom-client's gauges of the totals are named like counters (`_total` is the
 * counters' suffix; `promtool check metrics` warns), and prom-client has no
 * option to leave them out or rename them. Their names without `_total` are
 * taken by the per-type gauges (`nodejs_active_handles{type}`, …), whose sum
 * over `type` is the same count, so these three are dropped.
 */
const MISNAMED_PROCESS_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

let processMetrics = false;
/** Adds Node's process metrics (memory, CPU, event-loop lag, handles) to the registry, once per process. */
export function enableProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
  for (const name of MISNAMED_PROCESS_GAUGES) metricsRegistry.removeSingleMetric(name);
}

/** What a scrape reads besides the counters. */
export interface ScrapeSources {
  db: DbHandle;
  events: { stats(): EventHubStats };
}

/**
 * The exposition text for one scrape: the gauges are read first. A database
 * that does not answer does not fail the scrape (that is when it matters
 * most): `wheelhouse_database_up` says 0 and the queue gauges keep their
 * last values.
 */
export async function renderMetrics(sources: ScrapeSources): Promise<string> {
  const stats = sources.events.stats();
  subscriptionsOpen.set(stats.streams);
  listenerUp.set(stats.listening ? 1 : 0);
  try {
    const q = await readQueueStats(sources.db);
    queued.set(q.queued);
    running.set(q.running);
    expiredLeases.set(q.expiredLeases);
    oldestQueued.set(q.oldestQueuedSeconds);
    oldestRunning.set(q.oldestRunningSeconds);
    // Imported here, not at the top: autoscale-metrics registers on this module's registry (a cycle otherwise).
    await (await import('./autoscale-metrics.js')).readAutoscaleGauges(sources.db);
    databaseUp.set(1);
  } catch {
    databaseUp.set(0);
  }
  return metricsRegistry.metrics();
}

const MAX_OPERATION_NAMES = 500;
const operationNames = new Set<string>();
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/**
 * The `operation` label for a client-chosen name: anonymous ones read
 * `anonymous`, and past 500 distinct names the rest read `other`, so a client
 * cannot grow the series without bound.
 */
export function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!GRAPHQL_NAME.test(name)) return 'invalid';
  if (operationNames.has(name)) return name;
  if (operationNames.size >= MAX_OPERATION_NAMES) return 'other';
  operationNames.add(name);
  return name;
}

/** Webhook delivery attempts this replica made, by outcome. */
export const webhookAttempts = new Counter({
  name: 'wheelhouse_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome (succeeded, http_error, gone, timeout, connection_error, refused by the network guard)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Webhook deliveries that reached an end on this replica, by outcome. */
export const webhookDeliveries = new Counter({
  name: 'wheelhouse_webhook_deliveries_total',
  help: 'Webhook deliveries ended on this replica by outcome (succeeded; failed after the last attempt or a 410)',
  labelNames: ['outcome'] as const,
  registers,
});

/** From an event's commit to the 2xx that delivered it. */
export const webhookLatencySeconds = new Histogram({
  name: 'wheelhouse_webhook_delivery_latency_seconds',
  help: "Time from an event's commit to the 2xx answer that delivered it (first-round deliveries; redeliveries are not counted)",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
  registers,
});
