/**
 * Row 5: provisioning a web+sidecar app until READY (median of 5), against
 * creating and starting the same two containers with dockerode and polling
 * the web health endpoint at the same interval (1 s, the smallest readiness
 * interval the API takes). The Docker provider runs with its production
 * defaults; the test images are built locally (no registry, so no pulls).
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import type { Config } from '../../src/config.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { ensureTestImages, TEST_IMAGES } from '../../test/support/docker-images.js';
import {
  type BenchApp,
  type BenchRow,
  dropTenant,
  fmt,
  gql,
  median,
  openBenchDatabase,
  ratio,
  startBenchApp,
} from '../support.js';

const RUNS = 5;
const INTERVAL_MS = 1_000;
const SIDECAR_COMMAND = ['sh', '-c', 'sleep 3600'];

const PROVISION = `mutation BenchProvision($input: ProvisionInstanceInput!) {
  provisionInstance(input: $input) {
    __typename
    ... on ProvisionInstancePayload { instance { id state ready } operation { id status readinessOutcome } }
    ... on Error { message }
  }
}`;
const DEPROVISION = `mutation BenchDeprovision($input: InstanceActionInput!) {
  deprovisionInstance(input: $input) {
    __typename
    ... on DeprovisionInstancePayload { operation { id status } }
    ... on Error { message }
  }
}`;

type Provisioned = {
  provisionInstance: {
    __typename: string;
    message?: string;
    instance?: { id: string; ready: boolean };
    operation?: { status: string; readinessOutcome: string | null };
  };
};

/** Provisions web (HTTP health check) + sidecar and returns when the operation has ended READY. */
export async function provisionWebAndSidecar(
  w: BenchApp,
  sidecarCommand: string[] = SIDECAR_COMMAND,
): Promise<{ instanceId: string; ms: number }> {
  const started = performance.now();
  const r = await gql<Provisioned>(w.url, w.token, PROVISION, {
    input: {
      name: `bench-${randomUUID().slice(0, 8)}`,
      wait: true,
      readiness: { timeoutSeconds: 120, intervalSeconds: INTERVAL_MS / 1000 },
      services: [
        {
          name: 'web',
          image: TEST_IMAGES.web1,
          ports: [{ container: 8080 }],
          healthCheck: { path: '/healthz', port: 8080, intervalSeconds: INTERVAL_MS / 1000 },
        },
        { name: 'sidecar', image: TEST_IMAGES.tool, role: 'SIDECAR', command: sidecarCommand },
      ],
    },
  });
  const ms = performance.now() - started;
  const p = r.provisionInstance;
  if (p.__typename !== 'ProvisionInstancePayload' || p.operation?.readinessOutcome !== 'READY') {
    throw new Error(`provision did not end READY: ${JSON.stringify(p)}`);
  }
  return { instanceId: p.instance!.id, ms };
}

export async function deprovision(w: BenchApp, instanceId: string): Promise<void> {
  await gql(w.url, w.token, DEPROVISION, { input: { instanceId, wait: true } });
}

/** The bare-engine baseline: the same two containers, created and started, then the same health poll. */
async function dockerodeRun(docker: Dockerode): Promise<number> {
  const name = `wh-bench-${randomUUID().slice(0, 8)}`;
  const labels = { 'wheelhouse-bench': 'true' };
  const started = performance.now();
  const network = await docker.createNetwork({ Name: name, Labels: labels });
  const containers: Dockerode.Container[] = [];
  try {
    const web = await docker.createContainer({
      name: `${name}-web`,
      Image: TEST_IMAGES.web1,
      Labels: labels,
      ExposedPorts: { '8080/tcp': {} },
      HostConfig: { NetworkMode: name },
    });
    containers.push(web);
    await web.start();
    const side = await docker.createContainer({
      name: `${name}-sidecar`,
      Image: TEST_IMAGES.tool,
      Cmd: SIDECAR_COMMAND,
      Labels: labels,
      HostConfig: { NetworkMode: name },
    });
    containers.push(side);
    await side.start();
    const info = await web.inspect();
    const ip = info.NetworkSettings.Networks[name]?.IPAddress;
    for (;;) {
      const ok = await fetch(`http://${ip}:8080/healthz`, { signal: AbortSignal.timeout(INTERVAL_MS) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    return performance.now() - started;
  } finally {
    for (const c of containers) await c.remove({ force: true }).catch(() => {});
    await network.remove().catch(() => {});
  }
}

/** Wheelhouse over the local engine with the worker on; the caller stops it. */
export async function startDockerBench(
  /** Settings beside the defaults (the backup row's backup store). */
  config: Partial<Config> = {},
): Promise<{ w: BenchApp; stop(): Promise<void> }> {
  await ensureTestImages();
  const database = await openBenchDatabase();
  const registry = new Registry();
  registry.register('docker', new DockerProvider({ key: 'docker' }));
  const w = await startBenchApp(database, { registry, runWorker: true, config });
  return {
    w,
    async stop() {
      await w.stop();
      await dropTenant(database, w.tenantId);
      await database.close();
    },
  };
}

export async function provisionRows(): Promise<BenchRow[]> {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const { w, stop } = await startDockerBench();
  try {
    const ours: number[] = [];
    const bare: number[] = [];
    // Alternating, so a change in the machine's load falls on both.
    for (let i = 0; i < RUNS; i++) {
      const p = await provisionWebAndSidecar(w);
      ours.push(p.ms);
      await deprovision(w, p.instanceId);
      bare.push(await dockerodeRun(docker));
    }
    const a = median(ours);
    const b = median(bare);
    return [
      {
        figure: 'provision web+sidecar to READY, median of 5 (ms)',
        value: fmt(a, 0),
        baseline: `${fmt(b, 0)} (dockerode + health poll)`,
        ratio: ratio(a / b),
        goal: '≤ 1.25×',
        met: a / b <= 1.25,
        notes: [
          `wheelhouse runs (ms): ${ours.map((x) => x.toFixed(0)).join(', ')}`,
          `dockerode runs (ms): ${bare.map((x) => x.toFixed(0)).join(', ')}`,
        ],
      },
    ];
  } finally {
    await stop();
  }
}
