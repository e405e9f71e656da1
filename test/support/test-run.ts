import Dockerode from 'dockerode';

/**
 * The test run's mark on the Docker Engine. The global setup names the run and
 * sets WHEELHOUSE_DOCKER_LABELS to this label before any worker starts, so
 * every provider the suite builds (FAST_DOCKER_OPTIONS) and every server it
 * starts as a child process (which inherits the setting) labels what it
 * creates with the run. The end-of-run leak check looks at, removes and fails
 * on objects with this run's label only: a Wheelhouse server or another run
 * sharing the engine keeps its workloads.
 */
export const TEST_RUN_LABEL = 'dev.wheelhouse.test-run';

/** This run's id, set by the global setup (undefined outside a test run, e.g. in a bench). */
export function testRunId(): string | undefined {
  return process.env.WHEELHOUSE_TEST_RUN || undefined;
}

/** The labels a provider built by the suite adds to everything it creates. */
export function testRunLabels(): Record<string, string> {
  const id = testRunId();
  return id ? { [TEST_RUN_LABEL]: id } : {};
}

/** Names (`container x`, `network y`, `volume z`) of the objects labelled with run `runId`. */
export async function runLeftovers(runId: string, docker = defaultDocker()): Promise<string[]> {
  const filters = { label: [`${TEST_RUN_LABEL}=${runId}`] };
  const [containers, networks, volumes] = await Promise.all([
    docker.listContainers({ all: true, filters }),
    docker.listNetworks({ filters }),
    docker.listVolumes({ filters }),
  ]);
  return [
    ...containers.map((c) => `container ${(c.Names?.[0] ?? c.Id).replace(/^\//, '')}`),
    ...networks.map((n) => `network ${n.Name}`),
    ...(volumes.Volumes ?? []).map((v) => `volume ${v.Name}`),
  ].sort();
}

/**
 * Removes what run `runId` left on the engine (containers first, so their
 * networks and volumes are free) and returns what it found: the leak check
 * behind the suite's teardown. Objects without this run's label are never
 * touched, whoever made them.
 */
export async function removeRunLeftovers(runId: string, docker = defaultDocker()): Promise<string[]> {
  const found = await runLeftovers(runId, docker);
  const filters = { label: [`${TEST_RUN_LABEL}=${runId}`] };
  for (const c of await docker.listContainers({ all: true, filters }))
    await docker.getContainer(c.Id).remove({ force: true, v: true });
  for (const n of await docker.listNetworks({ filters }))
    await docker
      .getNetwork(n.Id)
      .remove()
      .catch(() => {});
  for (const v of (await docker.listVolumes({ filters })).Volumes ?? [])
    await docker
      .getVolume(v.Name)
      .remove()
      .catch(() => {});
  return found;
}

function defaultDocker(): Dockerode {
  return new Dockerode({ socketPath: '/var/run/docker.sock' });
}
