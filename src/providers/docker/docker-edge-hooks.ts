/**
 * The rollout's side of the edge (RolloutEdge): container ids in, the edge's
 * backends changed. Addresses come from the engine (the replica's address on
 * the instance's network), so HAProxy reaches replicas without any published
 * port.
 */
import type { Call } from './docker-call.js';
import type { DockerEdge } from './docker-edge.js';
import type { DockerEngine, Listed } from './docker-engine.js';
import { isNotFound } from './docker-errors.js';
import type { RolloutEdge } from './docker-rollout.js';

export class DockerEdgeHooks implements RolloutEdge {
  constructor(
    private readonly engine: DockerEngine,
    private readonly edge: DockerEdge,
  ) {}

  async routed(instanceId: string, service: string): Promise<boolean> {
    return (await this.edge.backendsOf(instanceId, service)).length > 0;
  }

  async join(call: Call, instanceId: string, service: string, network: string, containerIds: string[]): Promise<void> {
    const members: { id: string; address: string }[] = [];
    for (const id of containerIds) {
      try {
        const info = await this.engine.docker.getContainer(id).inspect(call.opts());
        const address = info.NetworkSettings?.Networks?.[network]?.IPAddress;
        if (address && info.State.Running) members.push({ id, address });
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
    if (members.length > 0) await this.edge.join(instanceId, service, members);
  }

  async leave(_call: Call, instanceId: string, service: string, containers: Listed[]): Promise<void> {
    await this.edge.leave(
      instanceId,
      service,
      containers.map((c) => c.id),
    );
  }

  async prune(call: Call, instanceId: string, service: string): Promise<void> {
    const live = (await this.engine.list(call, instanceId)).filter(
      (c) => c.service === service && c.state === 'running',
    );
    await this.edge.prune(
      instanceId,
      service,
      live.map((c) => c.id),
    );
  }
}

/** Drains the running containers among `all` out of the edge's backends (no-op without an edge or routes). */
export async function leaveEdge(edge: DockerEdge | undefined, instanceId: string, all: Listed[]): Promise<void> {
  if (!edge) return;
  for (const service of new Set(all.map((c) => c.service))) {
    const running = all.filter((c) => c.service === service && c.state === 'running');
    await edge.leave(
      instanceId,
      service,
      running.map((c) => c.id),
    );
  }
}
