/**
 * The Docker objects of the soak's instances (found by the provider's
 * `wheelhouse.instance` label, so nothing of anyone else's is touched):
 * counted after teardown, then removed if any remain.
 */
import Dockerode from 'dockerode';

const docker = () => new Dockerode(process.env.DOCKER_HOST ? undefined : { socketPath: '/var/run/docker.sock' });

/** Names of the containers, networks and volumes still labelled with one of `instanceIds` (local ids). */
export async function leftovers(instanceIds: string[]): Promise<string[]> {
  const client = docker();
  // One query per instance: the Engine ANDs repeated label filters.
  const found: string[] = [];
  for (const id of instanceIds) {
    const one = { label: [`wheelhouse.instance=${id}`] };
    const [containers, networks, volumes] = await Promise.all([
      client.listContainers({ all: true, filters: one }),
      client.listNetworks({ filters: one }),
      client.listVolumes({ filters: one }),
    ]);
    for (const c of containers) found.push(`container ${c.Id.slice(0, 12)}`);
    for (const n of networks) found.push(`network ${n.Id.slice(0, 12)}`);
    for (const v of volumes.Volumes ?? []) found.push(`volume ${v.Name}`);
  }
  return found;
}

/** Removes every container, network and volume labelled with one of `instanceIds` (local ids). */
export async function removeAll(instanceIds: string[]): Promise<number> {
  const client = docker();
  let removed = 0;
  for (const id of instanceIds) {
    const one = { label: [`wheelhouse.instance=${id}`] };
    for (const c of await client.listContainers({ all: true, filters: one }))
      await client
        .getContainer(c.Id)
        .remove({ force: true, v: true })
        .then(
          () => removed++,
          () => undefined,
        );
    for (const n of await client.listNetworks({ filters: one }))
      await client
        .getNetwork(n.Id)
        .remove()
        .then(
          () => removed++,
          () => undefined,
        );
    for (const v of (await client.listVolumes({ filters: one })).Volumes ?? [])
      await client
        .getVolume(v.Name)
        .remove()
        .then(
          () => removed++,
          () => undefined,
        );
  }
  return removed;
}
