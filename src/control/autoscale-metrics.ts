/**
 * The autoscaler's metrics: desired and current replicas per autoscaled
 * service, read from the database at each scrape (whichever replica decided),
 * and the decisions this replica made.
 */
import { Counter, Gauge } from 'prom-client';
import type { DbHandle } from '../db/db-types.js';
import { listAutoscaleStates } from '../db/repositories/autoscale-repository.js';
import { metricsRegistry } from './metrics.js';

const registers = [metricsRegistry];

/** At most this many services are exported, so the series stay bounded. */
const MAX_SERVICES = 1000;

const desired = new Gauge({
  name: 'wheelhouse_autoscale_desired_replicas',
  help: 'Replicas the autoscaler (or the platform’s HPA) last decided for a service (read at scrape)',
  labelNames: ['instance', 'service'] as const,
  registers,
});
const current = new Gauge({
  name: 'wheelhouse_autoscale_current_replicas',
  help: 'Replicas an autoscaled service was desired at when last sampled (read at scrape)',
  labelNames: ['instance', 'service'] as const,
  registers,
});

/** Decisions this replica's autoscaler made, by outcome (scaled, held back by a window or an open operation, kept). */
export const autoscaleDecisions = new Counter({
  name: 'wheelhouse_autoscale_decisions_total',
  help: 'Autoscaler decisions on this replica by outcome: scaled, held back (an operation was open or the instance changed), kept',
  labelNames: ['outcome'] as const,
  registers,
});

/** Sets the per-service gauges from the autoscaler's rows. */
export async function readAutoscaleGauges(db: DbHandle): Promise<void> {
  const rows = await listAutoscaleStates(db, MAX_SERVICES);
  desired.reset();
  current.reset();
  for (const r of rows) {
    const labels = { instance: r.instance_id, service: r.service };
    if (r.desired_replicas != null) desired.set(labels, r.desired_replicas);
    if (r.current_replicas != null) current.set(labels, r.current_replicas);
  }
}
