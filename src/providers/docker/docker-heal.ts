/**
 * The supervisor's heal on Docker: the named services' stopped replicas are
 * started again, in dependency order, and nothing else is touched (the other
 * services keep their containers and host ports). A container the engine
 * already restarts (its `unless-stopped` policy, in a crash loop with the
 * engine's own back-off) is left to the engine; a dead one, which cannot be
 * started, is replaced. INIT services run once and are never healed.
 */
import type { HealResult } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles } from '../service-spec.js';
import type { Call } from './docker-call.js';
import { DockerEdgeHooks } from './docker-edge-hooks.js';
import { networkName } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';
import { serviceOrder } from './docker-replicas.js';
import { reconverge } from './docker-scale.js';
import { isScaledToZero, phaseOf } from './docker-status.js';

/** Engine phases of a replica that is down and that nobody else will bring back. */
const STARTABLE = new Set(['exited', 'created']);

/** Brings back the stopped replicas of `services` (see the file's comment). */
export async function healServices(
  parts: DockerParts,
  call: Call,
  instanceId: string,
  services: readonly string[],
): Promise<HealResult> {
  const { engine, edge } = parts;
  const all = await engine.listOrThrow(call, instanceId);
  // The newest container of each replica: a leftover of an earlier rollout is never started.
  const snap = await engine.snapshot(call, instanceId);
  const unknown = services.filter((s) => !snap.current.has(s));
  if (unknown.length > 0) {
    throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${unknown.join(', ')}`);
  }
  const wanted = new Set(services);
  const out: HealResult['services'] = {};
  for (const service of serviceOrder(all).filter((s) => wanted.has(s))) {
    const replicas = snap.current.get(service) ?? [];
    if (replicas[0]?.listed.role === ServiceRoles.init) {
      out[service] = { action: 'left', message: 'an init service runs once' };
      continue;
    }
    // A replica scaled to zero stays stopped; one the engine is restarting is the engine's.
    const down = replicas.filter(
      (r) => (STARTABLE.has(phaseOf(r.info)) || phaseOf(r.info) === 'dead') && !isScaledToZero(r.info, r.listed.role),
    );
    if (down.length === 0) {
      const looping = replicas.some((r) => phaseOf(r.info) === 'restarting');
      out[service] = { action: 'left', message: looping ? 'the engine is restarting it' : 'not down' };
      continue;
    }
    if (down.some((r) => phaseOf(r.info) === 'dead')) {
      // A dead container cannot start again: its replicas are replaced from the spec they carry.
      await reconverge(
        parts,
        call,
        instanceId,
        all.filter((c) => c.service === service),
        { replace: true },
      );
      out[service] = { action: 'replaced' };
      continue;
    }
    for (const r of down) await engine.start(call, r.info.Id);
    if (edge) {
      // A started container may have a new address: the edge learns it (no-op for a service without routes).
      await new DockerEdgeHooks(engine, edge).join(
        call,
        instanceId,
        service,
        networkName(instanceId),
        replicas.map((r) => r.info.Id),
      );
    }
    out[service] = { action: 'started' };
  }
  return { services: out };
}
