/**
 * Resource usage from the Engine's one-shot container stats, computed the way
 * `docker stats` does it, and summed over an instance's containers.
 */
import type { ResourceUsage } from '../provider.js';
import type { Call } from './docker-call.js';
import type { DockerEngine, Listed } from './docker-engine.js';
import { isNotFound } from './docker-errors.js';

const MIB = 1024 * 1024;

/** The subset of a stats answer the usage is computed from. */
export interface EngineStats {
  cpu_stats?: {
    cpu_usage?: { total_usage?: number; percpu_usage?: number[] };
    system_cpu_usage?: number;
    online_cpus?: number;
  };
  precpu_stats?: { cpu_usage?: { total_usage?: number }; system_cpu_usage?: number };
  memory_stats?: { usage?: number; limit?: number; stats?: Record<string, number> };
  networks?: Record<string, { rx_bytes?: number; tx_bytes?: number }>;
}

/** One container's usage. CPU is the percentage of one core times cores used, as `docker stats` shows. */
export function usageOf(stats: EngineStats): ResourceUsage {
  const cpu = stats.cpu_stats;
  const pre = stats.precpu_stats;
  const cpuDelta = (cpu?.cpu_usage?.total_usage ?? 0) - (pre?.cpu_usage?.total_usage ?? 0);
  const systemDelta = (cpu?.system_cpu_usage ?? 0) - (pre?.system_cpu_usage ?? 0);
  const cores = cpu?.online_cpus || cpu?.cpu_usage?.percpu_usage?.length || 1;
  const cpuPercent = cpuDelta > 0 && systemDelta > 0 ? (cpuDelta / systemDelta) * cores * 100 : 0;
  const mem = stats.memory_stats;
  // Page cache the kernel can reclaim is not "used" (cgroup v1: total_inactive_file; v2: inactive_file).
  const reclaimable = mem?.stats?.total_inactive_file ?? mem?.stats?.inactive_file ?? 0;
  const used = Math.max(0, (mem?.usage ?? 0) - reclaimable);
  let rx = 0;
  let tx = 0;
  for (const n of Object.values(stats.networks ?? {})) {
    rx += n.rx_bytes ?? 0;
    tx += n.tx_bytes ?? 0;
  }
  return {
    cpuPercent,
    memoryUsedMb: used / MIB,
    memoryLimitMb: (mem?.limit ?? 0) / MIB,
    networkInMb: rx / MIB,
    networkOutMb: tx / MIB,
  };
}

/** The sum of several containers' usage (zero when there are none). */
export function sumUsage(all: ResourceUsage[]): ResourceUsage {
  const total: ResourceUsage = { cpuPercent: 0, memoryUsedMb: 0, memoryLimitMb: 0, networkInMb: 0, networkOutMb: 0 };
  for (const u of all) {
    total.cpuPercent += u.cpuPercent;
    total.memoryUsedMb += u.memoryUsedMb;
    total.memoryLimitMb += u.memoryLimitMb;
    total.networkInMb += u.networkInMb;
    total.networkOutMb += u.networkOutMb;
  }
  return total;
}

/**
 * One-shot usage of each running container among `containers`, in their
 * order; a container gone meanwhile is left out (it stopped using anything).
 */
export async function usageOfRunning(engine: DockerEngine, call: Call, containers: Listed[]): Promise<ResourceUsage[]> {
  const usage = await Promise.all(
    containers
      .filter((c) => c.state === 'running')
      .map(async (c) => {
        try {
          const stats = await engine.docker.getContainer(c.id).stats(call.opts({ stream: false as const }));
          return usageOf(stats as EngineStats);
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
      }),
  );
  return usage.filter((u): u is ResourceUsage => u !== undefined);
}
