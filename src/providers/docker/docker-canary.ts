/**
 * Canary releases on Docker, through the edge: the new release's replicas
 * run beside the stable ones (containers labelled with the new release id),
 * join the service's backends at weight 0, and HAProxy's server weights split
 * requests between the two sets. Promotion drains and removes the stable
 * replicas; an abort sets the new ones to 0 at once, then drains and removes
 * them. The rollout itself (steps, pauses, analysis) is driven by the control
 * plane; see src/worker/rollout.ts.
 */
import { type CanaryReading, type CanarySet, splitWeights } from '../progressive.js';
import type { DeployRequest } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import type { Call } from './docker-call.js';
import { serviceOf } from './docker-deploy.js';
import type { DockerEdge } from './docker-edge.js';
import { DockerEdgeHooks } from './docker-edge-hooks.js';
import { quantile } from './docker-edge-latency.js';
import type { DockerEngine, Listed } from './docker-engine.js';
import { Labels } from './docker-names.js';
import { reference, replicaCount } from './docker-replicas.js';
import type { Rollout } from './docker-rollout.js';
import { carriedSecrets, limitsOf, mergeDeploy, validateResources } from './docker-spec.js';

/** The two sets of one service: the new release's replicas and the others (stable). */
function setsOf(all: Listed[], service: string, releaseId: string): { fresh: Listed[]; stable: Listed[] } {
  const mine = all.filter((c) => c.service === service);
  return {
    fresh: mine.filter((c) => c.labels[Labels.release] === releaseId),
    stable: mine.filter((c) => c.labels[Labels.release] !== releaseId),
  };
}

/** Canary operations of one Docker provider with an edge. */
export class DockerCanary {
  readonly #hooks: DockerEdgeHooks;

  constructor(
    private readonly engine: DockerEngine,
    private readonly rollout: Rollout,
    private readonly edge: DockerEdge,
    private readonly useInit: boolean,
  ) {
    this.#hooks = new DockerEdgeHooks(engine, edge);
  }

  async start(call: Call, req: DeployRequest): Promise<void> {
    call.secrets.push(...Object.values(req.secretValues ?? {}));
    const all = await this.engine.listOrThrow(call, req.instanceId);
    const instance = await this.engine.instanceContext(call, req.instanceId);
    for (const d of req.services) {
      const { mine } = serviceOf(call, req.instanceId, all, d.name);
      if ((await this.edge.backendsOf(req.instanceId, d.name)).length === 0)
        throw call.fail(
          ProviderErrorKinds.invalidSpec,
          `service ${d.name} has no route: a canary splits a route's requests (add a route first)`,
        );
      const { fresh, stable } = setsOf(mine, d.name, req.releaseId);
      if (stable.length === 0) throw call.fail(ProviderErrorKinds.notFound, `service ${d.name} has no stable replica`);
      const ref = reference(stable);
      const info = await this.engine.docker.getContainer(ref.id).inspect(call.opts());
      const stored = this.engine.labelledSpec(call, info);
      const spec = mergeDeploy(stored, d, limitsOf(info));
      if (d.resources) validateResources(d.name, d.resources);
      const replicas = replicaCount(stable);
      const secretEnv = carriedSecrets(info, stored, req.secretValues);
      call.secrets.push(...Object.values(secretEnv));
      const imageIds = await this.engine.ensureImages(call, [spec.image]);
      const configTar = await this.engine.readConfigTar(call, ref.id, spec.configFiles);
      for (let replica = 0; replica < replicas; replica++) {
        call.throwIfCanceled();
        const have = fresh.find((c) => c.replica === replica && c.state === 'running');
        let id = have?.id;
        if (!id) {
          // A leftover of this release that is not running (a crash mid-start) is replaced.
          await this.engine.removeAll(
            call,
            fresh.filter((c) => c.replica === replica),
          );
          id = await this.engine.createAndStart(
            call,
            {
              instanceId: req.instanceId,
              kind: instance.kind,
              network: instance.network,
              spec,
              replica,
              imageId: imageIds.get(spec.image) ?? spec.image,
              releaseId: req.releaseId,
              baseLabels: instance.base,
              secretEnv,
              init: this.useInit,
              besidePredecessor: true,
            },
            configTar,
          );
        }
        try {
          await this.rollout.waitReady(call, id, spec, replica, instance.network);
        } catch (err) {
          await this.engine.remove(call, id).catch(() => undefined);
          throw err;
        }
        // Joins taking no request: the rollout's first step sets the split.
        await this.#joinAt(call, req.instanceId, d.name, instance.network, id);
      }
    }
  }

  async #joinAt(call: Call, instanceId: string, service: string, network: string, id: string): Promise<void> {
    const info = await this.engine.docker.getContainer(id).inspect(call.opts());
    const address = info.NetworkSettings?.Networks?.[network]?.IPAddress;
    if (!address) throw call.fail(ProviderErrorKinds.workloadFailed, `new ${service} replica has no address`);
    const weights = await this.edge.weightsOf([id]);
    // A replica that already has a weight (a resumed rollout) keeps it.
    await this.edge.join(instanceId, service, [{ id, address }], weights[0] ?? 0);
  }

  async setWeight(call: Call, set: CanarySet, weight: number): Promise<void> {
    const all = await this.engine.listOrThrow(call, set.instanceId);
    for (const service of set.services) {
      const { fresh, stable } = setsOf(all, service, set.releaseId);
      const running = (l: Listed[]) => l.filter((c) => c.state === 'running');
      const f = running(fresh);
      const s = running(stable);
      const w = splitWeights(weight, f.length, s.length);
      await this.edge.setWeights(set.instanceId, service, [
        ...f.map((c) => ({ id: c.id, weight: w.fresh })),
        ...s.map((c) => ({ id: c.id, weight: w.stable })),
      ]);
    }
  }

  /**
   * The new set's counters and health; with `since`, the p99 of its
   * responses that ended between then and this reading's `at` (taken
   * first, so one reading's window ends where the next one's starts).
   */
  async read(call: Call, set: CanarySet, since?: Date): Promise<CanaryReading> {
    const at = new Date();
    const all = await this.engine.listOrThrow(call, set.instanceId);
    // One dump of the edge's ring for every service; bounded by the ring: at most the lines it holds.
    const ring = since ? await this.edge.latencyRing() : undefined;
    let times: number[] | undefined;
    let requests = 0;
    let responses5xx = 0;
    let problem: string | undefined;
    for (const service of set.services) {
      const { fresh } = setsOf(all, service, set.releaseId);
      for (const c of fresh) {
        const info = await this.engine.docker.getContainer(c.id).inspect(call.opts());
        const health = info.State.Health?.Status;
        if (!info.State.Running) problem ??= `new ${service} replica ${c.replica} is ${info.State.Status}`;
        else if (info.State.Restarting || (info.RestartCount ?? 0) > 0)
          problem ??= `new ${service} replica ${c.replica} restarted`;
        else if (health === 'unhealthy') problem ??= `new ${service} replica ${c.replica} is unhealthy`;
      }
      const counted = await this.edge.serverCounters(
        set.instanceId,
        service,
        fresh.map((c) => c.id),
      );
      requests += counted.requests;
      responses5xx += counted.responses5xx;
      if (ring && since) {
        const measured = ring.latencies(
          set.instanceId,
          service,
          fresh.map((c) => c.id),
          since.getTime(),
          at.getTime(),
        );
        times = times ? times.concat(measured) : measured;
      }
    }
    const p99Ms = times ? quantile(times, 0.99) : undefined;
    return {
      requests,
      responses5xx,
      at,
      ...(p99Ms === undefined ? {} : { p99Ms }),
      ...(problem ? { problem } : {}),
    };
  }

  async promote(call: Call, set: CanarySet): Promise<void> {
    const all = await this.engine.listOrThrow(call, set.instanceId);
    for (const service of set.services) {
      const { fresh, stable } = setsOf(all, service, set.releaseId);
      // Everything to the new set first, then the stable replicas drain (requests in flight finish) and go.
      await this.edge.setWeights(set.instanceId, service, [
        ...fresh.map((c) => ({ id: c.id, weight: 1 })),
        ...stable.map((c) => ({ id: c.id, weight: 0 })),
      ]);
      await this.#hooks.leave(call, set.instanceId, service, stable);
      await this.engine.removeAll(call, stable);
      // The new set takes the default weight again: the next deploy starts from an even backend.
      await this.edge.setWeights(
        set.instanceId,
        service,
        fresh.map((c) => ({ id: c.id })),
      );
    }
  }

  async abort(call: Call, set: CanarySet): Promise<void> {
    const all = await this.engine.list(call, set.instanceId);
    for (const service of set.services) {
      const { fresh, stable } = setsOf(all, service, set.releaseId);
      // No new request reaches the new set from here on; the stable replicas take every one.
      await this.edge.setWeights(set.instanceId, service, [
        ...fresh.map((c) => ({ id: c.id, weight: 0 })),
        ...stable.map((c) => ({ id: c.id })),
      ]);
      await this.#hooks.leave(call, set.instanceId, service, fresh);
      await this.engine.removeAll(call, fresh);
    }
  }
}
