/**
 * The Docker provider's engines (see engines.ts): autoscaling sampled from
 * the Engine's stats, builds and jobs always; with the HAProxy edge, routes (traffic), the
 * edge's data plane driven by one process at a time, scale to zero's waking
 * edge, and canary and blue-green releases whose split the edge's weights
 * make. Without an edge, the provider names why (`missingEngines`).
 */

import type { Readable } from 'node:stream';
import type { CpuSample } from '../autoscaling.js';
import { serviceControlVia, type VolumeBackupEngine, type VolumeRef } from '../backups.js';
import type { BuildEngine, BuildRequest, BuildResult, BuildSink } from '../builds.js';
import type { MissingEngines, ProviderEngines } from '../engines.js';
import type { JobEngine, JobRequest, JobResult, JobSink } from '../jobs.js';
import type { CanarySet } from '../progressive.js';
import type { CallContext, DeployRequest } from '../provider.js';
import { CanceledError } from '../provider-errors.js';
import type { RouteSpec, WakerAddress } from '../traffic.js';
import { DockerVolumeBackups } from './docker-backup.js';
import { DockerBuilder } from './docker-build.js';
import type { Call } from './docker-call.js';
import { DockerCanary } from './docker-canary.js';
import type { DockerEdgeOptions } from './docker-edge.js';
import { parseBackendName } from './docker-edge-config.js';
import { DockerJobs } from './docker-job.js';
import { type DockerParts, runCall } from './docker-parts.js';
import { usageOfRunning } from './docker-stats.js';

/** The engines a Docker provider with these parts has. */
export function dockerEngines(parts: DockerParts): ProviderEngines {
  const run = <T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>) => runCall(parts, ctx, op, fn);
  const engines: ProviderEngines = {
    autoscaler: {
      mode: 'sampled',
      sampleCpu: (ctx: CallContext, instanceId: string, service: string) =>
        run(ctx, 'sample cpu', (call) => sampleCpu(parts, call, instanceId, service)),
    },
    builder: dockerBuildEngine(parts, run),
    jobs: dockerJobEngine(parts, run),
    volumeBackups: dockerVolumeBackupEngine(parts, run),
  };
  const edge = parts.edge;
  if (!edge) return engines;
  const canary = new DockerCanary(parts.engine, parts.rollout, edge, parts.useInit);
  return {
    ...engines,
    traffic: {
      edge: async () => edge.info(),
      applyRoutes: async (_ctx: CallContext, instanceId: string, routes: readonly RouteSpec[]) =>
        edge.applyRoutes(instanceId, routes),
      counters: async (_ctx: CallContext, instanceId: string, service: string) => edge.counters(instanceId, service),
    },
    drivenEdge: {
      drive: async (_ctx: CallContext, routes: readonly RouteSpec[]) => edge.drive(routes),
      standBy: async () => edge.standBy(),
    },
    // Scale to zero: the edge falls back to the waker while a backend has no ready replica.
    wakingEdge: {
      wakeVia: async (_ctx: CallContext, address: WakerAddress | undefined) => edge.wakeVia(address),
      backendOf: async (_ctx: CallContext, name: string) => parseBackendName(name),
      readyReplicas: async (_ctx: CallContext, instanceId: string, service: string, port: number) =>
        edge.readyReplicas(instanceId, service, port),
    },
    canary: {
      // The edge's ring of recent responses gives the new set's p99 (docker-edge-latency.ts).
      measuresLatency: true,
      // The split is the edge's weights between a route's backends: a service without a route has none.
      needsRoute: true,
      startCanary: (ctx: CallContext, req: DeployRequest) => run(ctx, 'deploy', (call) => canary.start(call, req)),
      setCanaryWeight: (ctx: CallContext, s: CanarySet, weight: number) =>
        run(ctx, 'deploy', (call) => canary.setWeight(call, s, weight)),
      readCanary: (ctx: CallContext, s: CanarySet, since?: Date) =>
        run(ctx, 'status', (call) => canary.read(call, s, since)),
      promoteCanary: (ctx: CallContext, s: CanarySet) => run(ctx, 'deploy', (call) => canary.promote(call, s)),
      abortCanary: (ctx: CallContext, s: CanarySet) => run(ctx, 'deploy', (call) => canary.abort(call, s)),
    },
  };
}

/** Builds from source on the provider's Engine (docker-build.ts), through the provider's call mapping. */
function dockerBuildEngine(
  parts: DockerParts,
  run: <T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>) => Promise<T>,
): BuildEngine {
  const builder = new DockerBuilder(parts.engine.docker, parts.labels);
  return {
    get mode() {
      return builder.mode;
    },
    build: (ctx: CallContext, req: BuildRequest, sink: BuildSink): Promise<BuildResult> =>
      runCancelable(run, ctx, 'build', (call) => builder.build(call, req, sink)),
  };
}

/**
 * A long call through the provider's call mapping whose cancel is a
 * CanceledError (the control plane records CANCELED), not the `canceled`
 * ProviderError the mapping would make of it.
 */
async function runCancelable<T>(
  run: <R>(ctx: CallContext, op: string, fn: (call: Call) => Promise<R>) => Promise<R>,
  ctx: CallContext,
  op: string,
  fn: (call: Call) => Promise<T>,
): Promise<T> {
  if (ctx.signal?.aborted) throw new CanceledError(`${op} canceled by the caller`);
  const out = await run(ctx, op, async (call) => {
    try {
      return { result: await fn(call) };
    } catch (err) {
      if (err instanceof CanceledError) return { canceled: err };
      throw err;
    }
  });
  if ('canceled' in out) throw out.canceled;
  return out.result;
}

/** Jobs in containers of their own on the provider's Engine (docker-job.ts), through the provider's call mapping. */
function dockerJobEngine(
  parts: DockerParts,
  run: <T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>) => Promise<T>,
): JobEngine {
  const jobs = new DockerJobs(parts);
  return {
    run: (ctx: CallContext, req: JobRequest, sink: JobSink): Promise<JobResult> =>
      runCancelable(run, ctx, 'job', (call) => jobs.run(call, req, sink)),
    removeLeftovers: (ctx: CallContext, instanceId: string, jobId: string) =>
      run(ctx, 'job cleanup', (call) => jobs.removeLeftovers(call, instanceId, jobId)),
  };
}

/** Volume backups through helper containers on the provider's Engine (docker-backup.ts). */
function dockerVolumeBackupEngine(
  parts: DockerParts,
  run: <T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>) => Promise<T>,
): VolumeBackupEngine {
  const backups = new DockerVolumeBackups(parts);
  // The copies stream for as long as the volume takes: the caller's signal bounds them, not the API timeout.
  const long = { ...parts, apiTimeoutMs: 24 * 3600_000 };
  const runLong = <T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>) =>
    runCancelable((c, o, f) => runCall(long, c, o, f), ctx, op, fn);
  return {
    // Tar streams through a helper container, encrypted into the backup store by the control plane.
    mode: 'archive',
    readVolume: <T>(ctx: CallContext, ref: VolumeRef, consume: (tar: Readable) => Promise<T>) =>
      runLong(ctx, 'backup', (call) => backups.readVolume(call, ref, consume)),
    writeVolume: (ctx: CallContext, ref: VolumeRef, tar: Readable) =>
      runLong(ctx, 'restore', (call) => backups.writeVolume(call, ref, tar)),
    ...serviceControlVia(run, backups),
  };
}

/** Why a Docker provider with these options has no edge (and so no routes or canaries); undefined when it has one. */
export function missingEdge(
  edge: DockerEdgeOptions | undefined,
  remoteHost: string | undefined,
  installed: (path: string) => boolean,
): MissingEngines | undefined {
  const why = !edge
    ? 'the edge is off (WHEELHOUSE_EDGE=off)'
    : remoteHost
      ? 'the edge runs only beside a local Docker Engine'
      : !installed(edge.haproxyPath)
        ? `HAProxy is not installed at ${edge.haproxyPath}: install it (Debian/Ubuntu: apt-get install haproxy) to get routes, custom domains and TLS`
        : undefined;
  return why ? { traffic: why, canary: why, drivenEdge: why, wakingEdge: why } : undefined;
}

/** CPU of each running replica of one service, for the autoscaler (`docker stats`' formula). */
async function sampleCpu(parts: DockerParts, call: Call, instanceId: string, service: string): Promise<CpuSample> {
  const all = await parts.engine.listOrThrow(call, instanceId);
  const usage = await usageOfRunning(
    parts.engine,
    call,
    all.filter((c) => c.service === service),
  );
  return { replicaCpuPercents: usage.map((u) => u.cpuPercent), at: new Date() };
}
