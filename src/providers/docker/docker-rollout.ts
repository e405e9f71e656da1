/**
 * Converging one service on a desired spec and replica count: which
 * containers are kept (same spec hash), which are replaced and in what order
 * (recreate, or rolling one replica at a time behind a readiness wait), how
 * inits are run to completion and how limits change in place.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles, type WorkloadKind } from '../service-spec.js';
import type { Call } from './docker-call.js';
import type { DockerEngine, Listed } from './docker-engine.js';
import { probe, probeAddress } from './docker-health.js';
import { checkCadence } from './docker-health-tracker.js';
import { engineLeaving, killedBySignal } from './docker-shutdown.js';
import { type ContainerPlan, type LabelledServiceSpec, limitsOf, specHash } from './docker-spec.js';
import { phaseOf, SCALED_TO_ZERO_POLICY } from './docker-status.js';

/** What converging one service needs. */
export interface ServicePlan {
  instanceId: string;
  kind: WorkloadKind;
  network: string;
  /** Labels every object of the instance carries. */
  base: Record<string, string>;
  releaseId?: string;
  spec: LabelledServiceSpec;
  imageId: string;
  replicas: number;
  /** Secret env values by env name. */
  secretEnv: Record<string, string>;
  /** The service's config files as a tar rooted at `/`. */
  configTar: Buffer | undefined;
  /**
   * `recreate`: remove every container that differs, then create. `rolling`:
   * create each replacement next to its predecessor, wait until it is ready,
   * then remove the predecessor.
   */
  mode: 'recreate' | 'rolling';
  /** The service's containers now. */
  existing: Listed[];
  /** Replace every replica even when its spec is unchanged (a rolling restart of a routed service). */
  replace?: boolean;
}

/**
 * What a rollout tells the edge (see docker-edge-hooks.ts): a replica joins
 * the backends of its service once ready, and leaves them (drained) before
 * it stops. A service nothing routes to has no backends: every call is then
 * a cheap no-op.
 */
export interface RolloutEdge {
  routed(instanceId: string, service: string): Promise<boolean>;
  join(call: Call, instanceId: string, service: string, network: string, containerIds: string[]): Promise<void>;
  leave(call: Call, instanceId: string, service: string, containers: Listed[]): Promise<void>;
  /** Drops servers of containers that are gone (removed behind Wheelhouse's back). */
  prune(call: Call, instanceId: string, service: string): Promise<void>;
}

/** Timing and placement settings of rollouts. */
export interface RolloutSettings {
  minReadyMs: number;
  initTimeoutMs: number;
  rolloutTimeoutMs: number;
  pollIntervalMs: number;
  useInit: boolean;
  /** The engine's host when it is remote (health probes then use published ports). */
  remoteHost: string | undefined;
}

/** Drives services to their desired containers. */
export class Rollout {
  constructor(
    private readonly engine: DockerEngine,
    private readonly settings: RolloutSettings,
    private readonly edge?: RolloutEdge,
  ) {}

  /**
   * Brings one service to `p.replicas` replicas of `p.spec`: replicas above the
   * count go first (highest index first); each remaining replica keeps a
   * container whose spec hash matches, else gets a new one (see ServicePlan.mode).
   */
  async converge(call: Call, p: ServicePlan): Promise<void> {
    const hash = specHash(p.spec, p.imageId, p.kind);
    const routed =
      this.edge !== undefined &&
      p.spec.role !== ServiceRoles.init &&
      (await this.edge.routed(p.instanceId, p.spec.name));
    // A routed service is never recreated all at once (the supervisor's re-provision included): its address stays served.
    if (routed && p.mode === 'recreate') p = { ...p, mode: 'rolling' };
    const extra = p.existing.filter((c) => c.replica >= p.replicas).sort((a, b) => b.replica - a.replica);
    for (const c of extra) {
      if (routed) await this.edge?.leave(call, p.instanceId, p.spec.name, [c]);
      await this.engine.remove(call, c.id);
    }
    let inRange = p.existing.filter((c) => c.replica < p.replicas);
    if (p.mode === 'recreate') {
      const reusable = (c: Listed) => c.hash === hash && c.state !== 'created' && !p.replace;
      const gone = inRange.filter((c) => !reusable(c));
      if (routed) await this.edge?.leave(call, p.instanceId, p.spec.name, gone);
      await this.engine.removeAll(call, gone);
      inRange = inRange.filter(reusable);
    }
    const one = (replica: number) => {
      call.throwIfCanceled();
      return this.#convergeReplica(
        call,
        p,
        replica,
        hash,
        inRange.filter((c) => c.replica === replica),
        routed,
      );
    };
    if (p.mode === 'recreate') {
      // Nothing of a replica's predecessor runs any more: the replicas do not wait for each other.
      await settleAll(Array.from({ length: p.replicas }, (_, replica) => one(replica)));
    } else {
      for (let replica = 0; replica < p.replicas; replica++) await one(replica);
    }
    if (routed) {
      await this.edge?.prune(call, p.instanceId, p.spec.name);
    } else if (this.edge && p.spec.role !== ServiceRoles.init && (await this.edge.routed(p.instanceId, p.spec.name))) {
      // A route was added while this ran: its backend may predate the replicas made here.
      const live = (await this.engine.list(call, p.instanceId)).filter(
        (c) => c.service === p.spec.name && c.state === 'running',
      );
      await this.edge.join(
        call,
        p.instanceId,
        p.spec.name,
        p.network,
        live.map((c) => c.id),
      );
    }
  }

  async #convergeReplica(
    call: Call,
    p: ServicePlan,
    replica: number,
    hash: string,
    mine: Listed[],
    routed: boolean,
  ): Promise<void> {
    const isInit = p.spec.role === ServiceRoles.init;
    const plan: ContainerPlan = {
      instanceId: p.instanceId,
      kind: p.kind,
      network: p.network,
      spec: p.spec,
      replica,
      imageId: p.imageId,
      releaseId: p.releaseId,
      baseLabels: p.base,
      secretEnv: p.secretEnv,
      init: this.settings.useInit,
    };
    // A container that never started may lack its config files (a crash between create and copy): replace it.
    let keep = p.replace ? undefined : mine.find((c) => c.hash === hash && c.state !== 'created');
    if (keep && isInit && keep.state === 'exited') {
      const info = await this.engine.docker.getContainer(keep.id).inspect(call.opts());
      if (info.State.ExitCode !== 0) keep = undefined;
    }
    let stale = mine.filter((c) => c !== keep);
    if (keep) {
      if (routed) await this.edge?.leave(call, p.instanceId, p.spec.name, stale);
      await this.engine.removeAll(call, stale);
      if (isInit) {
        if (keep.state !== 'exited') await this.engine.start(call, keep.id);
        await this.#waitInit(call, keep.id, p.spec.name);
      } else {
        const started = keep.state === 'exited' || keep.state === 'created';
        if (started) await this.engine.start(call, keep.id);
        await this.#applyLimits(call, keep.id, p.spec);
        if (routed) {
          if (started) await this.#waitReady(call, keep.id, p.spec, replica, p.network);
          await this.edge?.join(call, p.instanceId, p.spec.name, p.network, [keep.id]);
        }
      }
      return;
    }
    const fixedPorts = p.spec.ports.some((x) => x.host) || stale.some((c) => c.spec?.ports.some((x) => x.host));
    if (isInit || fixedPorts) {
      // Nothing may run next to the replacement: it would hold the same host port, or an init must not run twice.
      if (routed) await this.edge?.leave(call, p.instanceId, p.spec.name, stale);
      await this.engine.removeAll(call, stale);
      stale = [];
    }
    const id = await this.engine.createAndStart(call, { ...plan, besidePredecessor: stale.length > 0 }, p.configTar);
    if (isInit) {
      await this.#waitInit(call, id, p.spec.name);
    } else if (stale.length > 0 || routed) {
      try {
        await this.#waitReady(call, id, p.spec, replica, p.network);
      } catch (err) {
        await this.engine.remove(call, id).catch(() => undefined);
        throw err;
      }
      // A routed replica joins its backends only once ready; its predecessor leaves (drained) only after.
      if (routed) await this.edge?.join(call, p.instanceId, p.spec.name, p.network, [id]);
    }
    if (routed) await this.edge?.leave(call, p.instanceId, p.spec.name, stale);
    await this.engine.removeAll(call, stale);
  }

  /** Waits for an init container to exit; a non-zero exit is `workload_failed` with its last lines. */
  async #waitInit(call: Call, id: string, service: string): Promise<void> {
    const limit = AbortSignal.timeout(this.settings.initTimeoutMs);
    let result: { StatusCode?: number };
    try {
      result = await this.engine.docker.getContainer(id).wait({
        condition: 'not-running',
        abortSignal: call.signal ? AbortSignal.any([call.signal, limit]) : limit,
      } as Dockerode.ContainerWaitOptions);
    } catch (err) {
      if (limit.aborted && !call.signal?.aborted) {
        const seconds = Math.round(this.settings.initTimeoutMs / 1000);
        throw call.fail(ProviderErrorKinds.timeout, `init service ${service} did not finish within ${seconds}s`, err);
      }
      throw err;
    }
    const code = result.StatusCode ?? -1;
    if (code !== 0) {
      if (killedBySignal(code) && (await engineLeaving(this.engine.docker)))
        throw call.fail(ProviderErrorKinds.unavailable, `the engine stopped while init service ${service} ran`);
      const lines = await this.engine.lastLines(call, id, 10);
      throw call.fail(
        ProviderErrorKinds.workloadFailed,
        `init service ${service} exited with code ${code}${tail(lines)}`,
      );
    }
  }

  /** Waits for a new replica to pass its health check (or stay up minReadyMs); fails fast if it exits. */
  waitReady(call: Call, id: string, spec: LabelledServiceSpec, replica: number, network: string): Promise<void> {
    return this.#waitReady(call, id, spec, replica, network);
  }

  async #waitReady(call: Call, id: string, spec: LabelledServiceSpec, replica: number, network: string): Promise<void> {
    const container = this.engine.docker.getContainer(id);
    const deadline = Date.now() + this.settings.rolloutTimeoutMs;
    let last = 'not started';
    for (;;) {
      const info = await container.inspect(call.opts());
      const phase = phaseOf(info);
      if (phase === 'running') {
        if (spec.healthCheck) {
          const address = probeAddress(info, network, spec.healthCheck.port, this.settings.remoteHost);
          const result = address
            ? await probe(address, spec.healthCheck, call.signal)
            : { ok: false, message: 'health check port not reachable' };
          if (result.ok) return;
          last = result.message;
        } else if (Date.now() - Date.parse(info.State.StartedAt) >= this.settings.minReadyMs) {
          return;
        } else {
          last = 'starting';
        }
      } else if (phase !== 'created') {
        if (killedBySignal(info.State.ExitCode) && (await engineLeaving(this.engine.docker)))
          throw call.fail(
            ProviderErrorKinds.unavailable,
            `the engine stopped while new ${spec.name} replica ${replica} started`,
          );
        const lines = await this.engine.lastLines(call, id, 10);
        throw call.fail(
          ProviderErrorKinds.workloadFailed,
          `new ${spec.name} replica ${replica} ${phase} (exit code ${info.State.ExitCode})${tail(lines)}`,
        );
      }
      if (Date.now() >= deadline) {
        const seconds = Math.round(this.settings.rolloutTimeoutMs / 1000);
        throw call.fail(
          ProviderErrorKinds.timeout,
          `new ${spec.name} replica ${replica} not ready within ${seconds}s: ${last}`,
        );
      }
      // The spec's interval sets how often a health check probes; without one, the rollout's poll interval.
      const wait =
        spec.healthCheck && phase === 'running'
          ? checkCadence(spec.healthCheck).intervalMs
          : this.settings.pollIntervalMs;
      await delay(wait, undefined, { signal: call.signal }).catch(() => call.throwIfCanceled());
    }
  }

  /** Moves CPU and memory limits (and the restart policy) of a kept container to the spec's, in place. */
  async #applyLimits(call: Call, id: string, spec: LabelledServiceSpec): Promise<void> {
    const container = this.engine.docker.getContainer(id);
    const info = await container.inspect(call.opts());
    const current = limitsOf(info);
    const update: Record<string, unknown> = {};
    // A container kept from a scale to zero gets its restart policy back (see SCALED_TO_ZERO_POLICY).
    if (info.HostConfig?.RestartPolicy?.Name === SCALED_TO_ZERO_POLICY)
      update.RestartPolicy = { Name: 'unless-stopped' };
    // Zero cannot be set in place ("unchanged" to the Engine); the spec hash makes such a change a replacement.
    if (spec.cpuMillis && spec.cpuMillis !== current.cpuMillis) update.NanoCpus = spec.cpuMillis * 1_000_000;
    if (spec.memoryMb && spec.memoryMb !== current.memoryMb) {
      update.Memory = spec.memoryMb * 1024 * 1024;
      update.MemorySwap = update.Memory;
    }
    if (Object.keys(update).length > 0) await container.update(call.opts(update));
  }
}

function tail(lines: string[]): string {
  return lines.length > 0 ? `; last log lines:\n${lines.join('\n')}` : '';
}

/**
 * Waits for every call to settle, then throws the first failure: a failing
 * replica or service must not leave its siblings' engine calls running after
 * the provider call returned (the operation records its outcome then).
 */
export async function settleAll(work: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
