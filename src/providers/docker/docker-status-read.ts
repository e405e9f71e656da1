/**
 * An instance's status on Docker, read from its containers: each replica's
 * engine state, its health probe (on the spec's interval, kept in the
 * provider's HealthTracker), its readiness floor, and its last log line when
 * it died; worst-of across replicas and services (docker-status.ts).
 */
import type { InstanceStatus, ServiceStatus } from '../provider.js';
import { redact } from '../redact.js';
import { ServiceRoles } from '../service-spec.js';
import type { Call } from './docker-call.js';
import { probe, probeAddress } from './docker-health.js';
import type { DockerParts } from './docker-parts.js';
import { snapshotEndpoints, sortServices } from './docker-replicas.js';
import { secretValuesOf } from './docker-spec.js';
import {
  aggregateInstance,
  aggregateService,
  isScaledToZero,
  observeReplica,
  phaseOf,
  readinessFloors,
} from './docker-status.js';

/** The status of one instance, or the engine's not_found when it has no container. */
export async function readStatus(parts: DockerParts, call: Call, instanceId: string): Promise<InstanceStatus> {
  const snap = await parts.engine.snapshot(call, instanceId);
  parts.health.prune(instanceId, new Set([...snap.current.values()].flat().map((r) => r.info.Id)));
  if (snap.current.size === 0) throw parts.engine.notFound(call, instanceId);
  const services: Record<string, ServiceStatus> = {};
  const now = Date.now();
  const floors = readinessFloors(snap.current, parts.minReadyMs);
  // The earliest moment a replica's verdict changes without an engine event (see InstanceStatus.recheckAt).
  let recheckAt = Number.POSITIVE_INFINITY;
  for (const [service, replicas] of sortServices(snap.current)) {
    const observations = await Promise.all(
      replicas.map(async ({ info, listed }) => {
        const spec = listed.spec;
        const phase = phaseOf(info);
        const check = spec?.healthCheck;
        const address = check ? probeAddress(info, snap.network, check.port, parts.remoteHost) : undefined;
        const probeResult =
          phase === 'running' && check
            ? await parts.health.verdict(
                {
                  instanceId,
                  containerId: info.Id,
                  startedAt: info.State.StartedAt,
                  check,
                  run: async () =>
                    address
                      ? probe(address, check, call.signal)
                      : { ok: false, message: 'health check port not reachable' },
                },
                now,
              )
            : undefined;
        // The last line usually says why a container died; a clean exit needs no explanation.
        const wantsLog =
          phase === 'restarting' ||
          phase === 'dead' ||
          (phase === 'exited' && info.State.ExitCode !== 0 && !isScaledToZero(info, listed.role));
        const lastLogLine = wantsLog ? (await parts.engine.lastLines(call, info.Id, 1)).at(-1) : undefined;
        const obs = observeReplica(info, {
          role: listed.role,
          replica: listed.replica,
          probe: probeResult,
          hasHealthCheck: Boolean(check),
          minReadyMs: floors.get(service) ?? parts.minReadyMs,
          now,
          lastLogLine,
        });
        if (obs.floorEndsAt !== undefined) recheckAt = Math.min(recheckAt, obs.floorEndsAt);
        if (check && phase === 'running' && !obs.ready)
          recheckAt = Math.min(recheckAt, parts.health.nextProbeAt(info.Id, check) ?? now);
        // The workload's own output may echo its secrets; status messages must not.
        if (obs.message) obs.message = redact(obs.message, secretValuesOf(info, spec));
        return obs;
      }),
    );
    services[service] = {
      ...aggregateService(observations),
      replicas: new Set(replicas.map((r) => r.listed.replica)).size,
    };
  }
  const main = [...snap.current.values()].find((r) => r[0]?.listed.role === ServiceRoles.main)?.[0];
  const startedAt = main && phaseOf(main.info) === 'running' ? new Date(main.info.State.StartedAt) : undefined;
  const status = aggregateInstance(services, snapshotEndpoints(snap), {
    startedAt,
    metadata: { network: snap.network },
  });
  if (!status.ready && Number.isFinite(recheckAt)) status.recheckAt = new Date(recheckAt);
  return status;
}
