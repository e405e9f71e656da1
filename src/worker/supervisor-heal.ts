/**
 * The supervisor's heal of the services that drifted, one service at a time:
 * only what is down is brought back (`Provider.heal`), each service on its
 * own back-off (control/heal-backoff.ts), every attempt an event
 * (`service.heal_attempted`) from which the next one's time and the
 * `restarts` the API reports are read back. Nothing is held in memory, so
 * the schedule is the same on every replica and after a restart.
 */

import { appendSystemAuditEntry } from '../control/audit-chain.js';
import { event } from '../control/event-rows.js';
import { globalIdOf } from '../control/global-id.js';
import {
  HEAL_EVENT,
  type HealBackoffSettings,
  type HealEventData,
  type HealHistory,
  healHistory,
  nextHeal,
} from '../control/heal-backoff.js';
import { supervisorRecoveries } from '../control/metrics.js';
import type { InstanceRow } from '../db/database.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import { listHealEvents } from '../db/repositories/heal-repository.js';
import type { Logger } from '../logger.js';
import type { HealResult, Provider } from '../providers/provider.js';
import { type Observed, writeObservation } from './observation.js';

/** The recorded heal attempts of an instance since its last successful operation, per service. */
export async function healsOf(db: DbHandle, instanceId: string): Promise<Map<string, HealHistory>> {
  return healHistory(await listHealEvents(db, instanceId, HEAL_EVENT));
}

/**
 * The observation with the supervisor's heal attempts added to `restarts`:
 * the engine counts only the restarts it made itself (none for a container
 * Wheelhouse started again), so a service healed three times reads three.
 */
export function withHeals(observed: Observed, heals: ReadonlyMap<string, HealHistory>): Observed {
  if (heals.size === 0 || !observed.services) return observed;
  const services = Object.fromEntries(
    Object.entries(observed.services).map(([name, s]) => [
      name,
      { ...s, restarts: s.restarts + (heals.get(name)?.count ?? 0) },
    ]),
  );
  return {
    ...observed,
    services,
    restarts: Object.values(services).reduce((n, s) => n + s.restarts, 0),
  };
}

/** The observation as the provider reported it, before withHeals added the attempts. */
function withoutHeals(observed: Observed, heals: ReadonlyMap<string, HealHistory>): Observed {
  if (heals.size === 0 || !observed.services) return observed;
  const services = Object.fromEntries(
    Object.entries(observed.services).map(([name, s]) => [
      name,
      { ...s, restarts: s.restarts - (heals.get(name)?.count ?? 0) },
    ]),
  );
  return { ...observed, services };
}

/** True when any service of the instance was healed less than `windowMs` before `now`. */
export function healedWithin(heals: ReadonlyMap<string, HealHistory>, now: number, windowMs: number): boolean {
  for (const h of heals.values()) if (now - h.last.at < windowMs) return true;
  return false;
}

/** What a heal needs besides the instance. */
export interface HealContext {
  db: DbHandle;
  logger: Logger;
  backoff: HealBackoffSettings;
  /** Bounds the provider's heal call. */
  timeoutMs: number;
}

/**
 * Heals those of `services` whose back-off allows it now, records an event
 * per attempt, and resolves to when to look again (the earliest next
 * attempt), or undefined when the provider left every service to the backend
 * (which restarts it itself) and nothing waits.
 */
export async function healDrifted(
  c: HealContext,
  row: InstanceRow,
  provider: Provider & Required<Pick<Provider, 'heal'>>,
  services: readonly string[],
  heals: ReadonlyMap<string, HealHistory>,
  why: string,
  observed: Observed,
): Promise<number | undefined> {
  const now = Date.now();
  let wait = Number.POSITIVE_INFINITY;
  const due: { service: string; attempt: number; delayMs: number }[] = [];
  for (const service of services) {
    const next = nextHeal(heals.get(service)?.last, now, c.backoff);
    if (next.notBefore > now) wait = Math.min(wait, next.notBefore - now);
    else due.push({ service, attempt: next.attempt, delayMs: next.delayMs });
  }
  if (due.length === 0) return wait;

  let result: HealResult | undefined;
  let error: string | undefined;
  try {
    result = await provider.heal(
      { signal: AbortSignal.timeout(c.timeoutMs) },
      row.id,
      due.map((d) => d.service),
    );
  } catch (err) {
    error = (err as Error).message;
  }
  const attempts = due.filter((d) => result?.services[d.service]?.action !== 'left');
  if (attempts.length === 0) return Number.isFinite(wait) ? wait : undefined;
  // The attempts count at once: `restarts` is written with the events that record them.
  const counted = new Map(heals);
  for (const d of attempts) {
    const prior = heals.get(d.service);
    counted.set(d.service, { count: (prior?.count ?? 0) + 1, last: { at: now, ...d } });
  }
  const recount = withHeals(withoutHeals(observed, heals), counted);
  await withTransaction(c.db, async (tx) => {
    if (recount.services) {
      await writeObservation(tx, row.id, { services: recount.services, restarts: recount.restarts ?? 0 });
    }
    await appendEvents(
      tx,
      attempts.map((d) => {
        const action = result?.services[d.service]?.action;
        const data: HealEventData = { ...d, ...(action ? { action } : {}), ...(error ? { error } : {}) };
        const next = `next attempt no sooner than ${Math.round(d.delayMs / 1000)} s`;
        const message = action
          ? `supervisor: ${action} ${d.service} (attempt ${d.attempt}; ${why}); if it goes down again, ${next}`
          : `supervisor: could not heal ${d.service} (attempt ${d.attempt}): ${error}; ${next}`;
        return event(row, null, HEAL_EVENT, null, { message, data });
      }),
    );
    await appendSystemAuditEntry(tx, row.tenant_id, 'supervisor', {
      action: 'supervisor.heal',
      targetIds: [globalIdOf('Instance', row.id)],
      outcome: error ? 'ERROR' : 'OK',
      errorType: error ? 'HealFailed' : null,
    });
  });
  supervisorRecoveries.inc({ kind: 'heal' }, attempts.length);
  c.logger.info({ instanceId: row.id, attempts, why, error }, 'services healed');
  return Math.min(wait, ...attempts.map((d) => d.delayMs));
}
