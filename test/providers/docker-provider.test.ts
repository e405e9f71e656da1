import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES } from '../../src/providers/capabilities.js';
import { toProviderError } from '../../src/providers/docker/docker-errors.js';
import { entriesFromBuffer, type FollowLogStream, FrameDemuxer } from '../../src/providers/docker/docker-logs.js';
import { instanceKey, Labels, networkName } from '../../src/providers/docker/docker-names.js';
import { DOCKER_CAPABILITIES, DockerProvider } from '../../src/providers/docker/docker-provider.js';
import {
  labelledSpecOf,
  mergeDeploy,
  SpecError,
  specHash,
  startOrder,
} from '../../src/providers/docker/docker-spec.js';
import { aggregateInstance, aggregateService } from '../../src/providers/docker/docker-status.js';
import { createTar, readTar } from '../../src/providers/docker/docker-tar.js';
import { parseTimestamped } from '../../src/providers/log-timestamps.js';
import type { CallContext, ProvisionRequest } from '../../src/providers/provider.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import {
  dockerAvailable,
  dockerConformanceSetup,
  dockerLeftovers,
  ensureTestImages,
  FAST_DOCKER_OPTIONS,
  TEST_IMAGES,
} from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';
import { serviceSpec } from '../support/service-spec.js';
import { TEST_RUN_LABEL, testRunId } from '../support/test-run.js';
import { runProviderConformance } from './conformance.js';

const skip = skipUnless('Docker', await dockerAvailable());

runProviderConformance('docker', () => dockerConformanceSetup(), { skip, parts: ['lifecycle'] });

const ctx: CallContext = {};

const service = serviceSpec;

describe.skipIf(skip)('DockerProvider on the Docker Engine', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
  const ids: string[] = [];
  const newId = () => {
    const id = randomUUID();
    ids.push(id);
    return id;
  };
  const ready = async (id: string) => {
    const { status, error } = await waitReady({ timeoutMs: 30_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
    return status!;
  };
  const containersOf = async (id: string) => {
    const list = await docker.listContainers({ all: true, filters: { label: [`${Labels.instance}=${id}`] } });
    return Promise.all(list.map((c) => docker.getContainer(c.Id).inspect()));
  };

  beforeAll(async () => {
    await ensureTestImages(docker);
  });

  afterAll(async () => {
    for (const id of ids) await provider.deprovision(ctx, id, { deleteVolumes: true }).catch(() => undefined);
    for (const id of ids) expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('labels every object, names them deterministically and keeps secret values out of labels, names and URLs', async () => {
    const id = newId();
    const secret = `sv-${randomUUID()}`;
    // Record every request path (with its query string) the provider sends to the engine.
    const recorder = new Dockerode({ socketPath: '/var/run/docker.sock' });
    const paths: string[] = [];
    const modem = recorder.modem as unknown as { buildRequest: (o: { path: string }, ...rest: unknown[]) => void };
    const build = modem.buildRequest.bind(modem);
    modem.buildRequest = (o, ...rest) => {
      paths.push(o.path);
      build(o, ...rest);
    };
    const recorded = new DockerProvider({ ...FAST_DOCKER_OPTIONS, docker: recorder });
    const req: ProvisionRequest = {
      instanceId: id,
      tenantId: 'tenant-a',
      name: 'labelled',
      kind: 'deployment',
      labels: { team: 'payments', 'wheelhouse.instance': 'spoofed' },
      releaseId: 'release-1',
      secretValues: { 'db-password': secret },
      services: [
        service({
          name: 'web',
          image: TEST_IMAGES.web1,
          role: 'main',
          ports: [{ container: 8080, protocol: 'tcp' }],
          volumes: [{ name: 'data', mountPath: '/data' }],
          secrets: [{ key: 'db-password', envName: 'DB_PASSWORD' }],
        }),
        service({ name: 'side', image: TEST_IMAGES.tool, role: 'sidecar', command: ['sleep', '600'] }),
      ],
    };
    const res = await recorded.provision(ctx, req);
    expect(res.providerRef).toBe(networkName(id));
    await ready(id);

    const containers = await containersOf(id);
    expect(containers).toHaveLength(2);
    for (const c of containers) {
      const labels = c.Config.Labels;
      expect(labels).toMatchObject({
        [Labels.managed]: 'true',
        [Labels.instance]: id,
        [Labels.tenant]: 'tenant-a',
        [Labels.release]: 'release-1',
        [Labels.replica]: '0',
        team: 'payments',
        // The provider's own labels (here the test run's) reach every object it creates.
        [TEST_RUN_LABEL]: testRunId(),
      });
      const svc = labels[Labels.service];
      expect(labels[Labels.role]).toBe(svc === 'web' ? 'main' : 'sidecar');
      expect(c.Name).toBe(`/wh-${id}-${svc}-0-${labels[Labels.specHash]}`);
      expect(JSON.stringify(labels)).not.toContain(secret);
      expect(c.Name).not.toContain(secret);
      expect(JSON.parse(labels[Labels.spec] ?? '{}').secrets).toEqual(
        svc === 'web' ? [{ key: 'db-password', envName: 'DB_PASSWORD' }] : [],
      );
    }
    const web = containers.find((c) => c.Config.Labels[Labels.service] === 'web')!;
    expect(web.Config.Env).toContain(`DB_PASSWORD=${secret}`);
    // The port is published on loopback only, as the engine bound it: never 0.0.0.0 or ::.
    const bound = Object.values(web.NetworkSettings.Ports ?? {}).flatMap((b) => b ?? []);
    expect(bound.length).toBeGreaterThan(0);
    for (const b of bound) expect(b.HostIp).toBe('127.0.0.1');

    const network = await docker.getNetwork(networkName(id)).inspect();
    expect(network.Labels).toMatchObject({
      [Labels.managed]: 'true',
      [Labels.instance]: id,
      team: 'payments',
      [TEST_RUN_LABEL]: testRunId(),
    });
    const volumes = await docker.listVolumes({ filters: { label: [`${Labels.instance}=${id}`] } });
    expect(volumes.Volumes.map((v) => v.Name)).toEqual([`wh-${id}-data`]);
    expect(volumes.Volumes[0]?.Labels).toMatchObject({
      [Labels.managed]: 'true',
      [Labels.volume]: 'data',
      [TEST_RUN_LABEL]: testRunId(),
    });
    expect(JSON.stringify({ network, volumes })).not.toContain(secret);

    expect(paths.some((p) => p.includes('/containers/create'))).toBe(true);
    for (const p of paths) expect(decodeURIComponent(p)).not.toContain(secret);

    // The service name is the container's DNS alias on the instance network.
    const viaAlias = await provider.exec(ctx, id, {
      serviceName: 'side',
      command: ['wget', '-q', '-O-', 'http://web:8080/'],
    });
    expect(viaAlias.stdout).toContain('web v1');
  });

  it('enforces CPU and memory limits on the engine and updates them in place on scale', async () => {
    const id = newId();
    await provider.provision(ctx, {
      instanceId: id,
      tenantId: 't',
      name: 'limits',
      kind: 'deployment',
      labels: {},
      services: [
        service({
          name: 'app',
          image: TEST_IMAGES.tool,
          role: 'main',
          command: ['sleep', '600'],
          resources: { cpuMillis: 250, memoryMb: 48 },
        }),
      ],
    });
    const [before] = await containersOf(id);
    expect(before?.HostConfig.NanoCpus).toBe(250_000_000);
    expect(before?.HostConfig.Memory).toBe(48 * 1024 * 1024);

    await provider.scale(ctx, { instanceId: id, resources: { cpuMillis: 500, memoryMb: 80 } });
    const [after] = await containersOf(id);
    expect(after?.Id).toBe(before?.Id);
    expect(after?.HostConfig.NanoCpus).toBe(500_000_000);
    expect(after?.HostConfig.Memory).toBe(80 * 1024 * 1024);
    const usage = await provider.resources(ctx, id);
    expect(usage.memoryLimitMb).toBeCloseTo(80, 0);
  });

  it('gives each stateful_set replica its own volume, kept across a deploy, created on scale-up and kept by deprovision unless deleteVolumes', async () => {
    const id = newId();
    await provider.provision(ctx, {
      instanceId: id,
      tenantId: 't',
      name: 'stateful',
      kind: 'stateful_set',
      labels: {},
      services: [
        service({
          name: 'db',
          image: TEST_IMAGES.tool,
          role: 'main',
          resources: { replicas: 2 },
          volumes: [{ name: 'data', mountPath: '/data' }],
          command: ['sh', '-c', 'test -f /data/id || hostname > /data/id; exec sleep 600'],
        }),
      ],
    });
    const volumes = await docker.listVolumes({ filters: { label: [`${Labels.instance}=${id}`] } });
    expect(volumes.Volumes.map((v) => v.Name).sort()).toEqual([`wh-${id}-data-0`, `wh-${id}-data-1`]);
    await ready(id);
    await provider.deploy(ctx, {
      instanceId: id,
      releaseId: 'r2',
      strategy: 'recreate',
      services: [{ name: 'db', image: TEST_IMAGES.tool, env: { GENERATION: '2' } }],
    });
    const containers = await containersOf(id);
    expect(containers).toHaveLength(2);
    for (const c of containers) {
      expect(c.Config.Env).toContain('GENERATION=2');
      const replica = c.Config.Labels[Labels.replica];
      const res = await docker
        .getContainer(c.Id)
        .exec({ Cmd: ['cat', '/data/id'], AttachStdout: true, AttachStderr: true });
      const stream = await res.start({});
      const out = await new Promise<string>((resolve) => {
        const chunks: Buffer[] = [];
        stream.on('data', (d: Buffer) => chunks.push(d));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      expect(out).toContain(`db-${replica}`);
    }

    // A replica added later gets its own volume, labelled like the rest (so deprovision finds it).
    await provider.scale(ctx, { instanceId: id, resources: { replicas: 3 } });
    const grown = await docker.listVolumes({ filters: { label: [`${Labels.instance}=${id}`] } });
    expect(grown.Volumes.map((v) => v.Name).sort()).toEqual([0, 1, 2].map((r) => `wh-${id}-data-${r}`));
    expect((await provider.managedWorkloads()).map((w) => w.instanceId)).toContain(id);

    // Deprovision keeps the named volumes (and says so) unless asked to delete them.
    const names = [0, 1, 2].map((r) => `wh-${id}-data-${r}`);
    // …each kept volume named with the spec volume it was made for (the kept-volumes records read it).
    expect(await provider.deprovision(ctx, id)).toEqual({
      keptVolumes: names,
      keptVolumeSpecs: Object.fromEntries(names.map((n) => [n, 'data'])),
    });
    expect(await containersOf(id)).toEqual([]);
    const kept = await docker.listVolumes({ filters: { label: [`${Labels.instance}=${id}`] } });
    expect(kept.Volumes.map((v) => v.Name).sort()).toEqual(names);
    // Kept volumes alone are not a workload: the supervisor does not treat them as an orphan to remove.
    expect((await provider.managedWorkloads()).map((w) => w.instanceId)).not.toContain(id);
    expect(await provider.deprovision(ctx, id, { deleteVolumes: true })).toEqual({
      keptVolumes: [],
      keptVolumeSpecs: {},
    });
    expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('converges a repeated provision after a container was lost, keeping the others', async () => {
    const id = newId();
    const req: ProvisionRequest = {
      instanceId: id,
      tenantId: 't',
      name: 'converge',
      kind: 'deployment',
      labels: {},
      services: [
        service({ name: 'app', image: TEST_IMAGES.tool, role: 'main', command: ['sleep', '600'] }),
        service({ name: 'side', image: TEST_IMAGES.tool, role: 'sidecar', command: ['sleep', '600'] }),
      ],
    };
    const first = await provider.provision(ctx, req);
    await docker.getContainer(first.serviceRefs.side!).remove({ force: true });
    const second = await provider.provision(ctx, req);
    expect(second.serviceRefs.app).toBe(first.serviceRefs.app);
    expect(second.serviceRefs.side).not.toBe(first.serviceRefs.side);
    expect(await containersOf(id)).toHaveLength(2);
    await ready(id);
  });

  it('tears down the engine connection when a followed log stream is closed or left', async () => {
    const id = newId();
    await provider.provision(ctx, {
      instanceId: id,
      tenantId: 't',
      name: 'logs',
      kind: 'deployment',
      labels: {},
      services: [
        service({
          name: 'app',
          image: TEST_IMAGES.tool,
          role: 'main',
          resources: { replicas: 2 },
          command: ['sh', '-c', 'while true; do echo "line from $(hostname)"; sleep 0.2; done'],
        }),
      ],
    });
    const stream = (await provider.logs(ctx, id, { follow: true, tail: 0 })) as FollowLogStream;
    const sockets = stream.engineConnections();
    expect(sockets).toHaveLength(2);
    const seen = new Set<number | undefined>();
    for await (const e of stream) {
      seen.add(e.replica);
      if (seen.size === 2) break;
    }
    expect([...seen].sort()).toEqual([0, 1]);
    for (const s of sockets) expect(s.destroyed).toBe(true);

    const since = new Date(Date.now() - 500);
    const recent = await provider.logs(ctx, id, { follow: false, since });
    const lines = [];
    for await (const e of recent) lines.push(e);
    expect(lines.length).toBeGreaterThan(0);
    for (const e of lines) expect(e.timestamp.getTime()).toBeGreaterThanOrEqual(since.getTime());

    const second = (await provider.logs(ctx, id, { follow: true, tail: 1 })) as FollowLogStream;
    expect(second.engineConnections().every((s) => !s.destroyed)).toBe(true);
    await second.close();
    for (const s of second.engineConnections()) expect(s.destroyed).toBe(true);
  });

  it('reports the engine version and a healthy ping', async () => {
    const version = await docker.version();
    const health = await provider.healthCheck(ctx);
    expect(health.healthy).toBe(true);
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.message).toContain(version.Version);
    expect(provider.info()).toMatchObject({ name: 'docker', version: version.Version, region: 'local' });
    const fresh = new DockerProvider({ region: 'eu-west' });
    expect(fresh.info().version).toBe('unknown');
    expect(await fresh.refreshInfo()).toMatchObject({ name: 'docker', version: version.Version, region: 'eu-west' });
  });
});

function frame(stream: 1 | 2, text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

describe('Docker provider building blocks', () => {
  it('declares exactly the capabilities it implements: the base ones, autoscale, build, jobs, schedules and volume-backup from its engines', () => {
    expect([...DOCKER_CAPABILITIES].sort()).toEqual(
      ['deploy', 'exec', 'logs', 'provision', 'scale', 'strategy:rolling', 'volumes'].sort(),
    );
    // No edge configured: no traffic or canary engine, so no tls, custom domains, canary or blue-green.
    const declared = new DockerProvider({ region: 'local' }).capabilities();
    expect([...declared].sort()).toEqual(
      [...DOCKER_CAPABILITIES, 'autoscale', 'build', 'jobs', 'schedules', 'volume-backup'].sort(),
    );
    for (const c of declared) expect(ALL_CAPABILITIES).toContain(c);
  });

  it('demultiplexes frames however the stream is cut', () => {
    const wire = Buffer.concat([
      frame(1, '2026-01-02T03:04:05.123456789Z hello\n'),
      frame(2, '2026-01-02T03:04:05.200000000Z oops\n'),
    ]);
    for (let cut = 0; cut <= wire.length; cut++) {
      const demuxer = new FrameDemuxer();
      const frames = [...demuxer.push(wire.subarray(0, cut)), ...demuxer.push(wire.subarray(cut))];
      expect(frames.map((f) => [f.stream, f.data.toString()])).toEqual([
        ['stdout', '2026-01-02T03:04:05.123456789Z hello\n'],
        ['stderr', '2026-01-02T03:04:05.200000000Z oops\n'],
      ]);
    }
  });

  it('parses RFC 3339 nano timestamps and joins a line split over frames', () => {
    expect(parseTimestamped('2026-01-02T03:04:05.123456789Z a b').timestamp?.toISOString()).toBe(
      '2026-01-02T03:04:05.123Z',
    );
    expect(parseTimestamped('no timestamp').message).toBe('no timestamp');
    const wire = Buffer.concat([
      frame(1, '2026-01-02T03:04:05.100000000Z first half, '),
      frame(1, '2026-01-02T03:04:05.101000000Z second half\r\n'),
      frame(2, '2026-01-02T03:04:06Z err\n'),
    ]);
    const entries = entriesFromBuffer(wire, { service: 'web', replica: 1 });
    expect(entries).toEqual([
      {
        timestamp: new Date('2026-01-02T03:04:05.100Z'),
        stream: 'stdout',
        service: 'web',
        replica: 1,
        message: 'first half, second half',
      },
      { timestamp: new Date('2026-01-02T03:04:06Z'), stream: 'stderr', service: 'web', replica: 1, message: 'err' },
    ]);
  });

  it('writes tar archives it (and the Engine) can read back, long paths included', () => {
    const long = `etc/${'deep/'.repeat(30)}config.yaml`;
    const files = readTar(
      createTar([
        { name: 'etc/app/a.json', content: '{"a":1}' },
        { name: long, content: 'b: 2', mode: 0o600 },
      ]),
    );
    expect(files.map((f) => [f.name, f.content.toString(), f.mode])).toEqual([
      ['etc/app/a.json', '{"a":1}', 0o644],
      [long, 'b: 2', 0o600],
    ]);
  });

  it('derives safe, distinct instance keys', () => {
    const uuid = '0b5c7a44-9a4f-4d5e-8a43-3e0c1a2b3c4d';
    expect(instanceKey(uuid)).toBe(uuid);
    expect(instanceKey('Tenant/App 1')).toMatch(/^[a-z0-9][a-z0-9_.-]*$/);
    expect(instanceKey('a/b')).not.toBe(instanceKey('a:b'));
  });

  it('orders inits first and dependencies before dependents, and rejects cycles', () => {
    const s = (name: string, role: ServiceSpec['role'], dependsOn: string[] = []) => ({ name, role, dependsOn });
    expect(
      startOrder([
        s('web', 'main', ['db']),
        s('db', 'sidecar'),
        s('migrate', 'init'),
        s('seed', 'init', ['migrate']),
      ]).map((x) => x.name),
    ).toEqual(['migrate', 'seed', 'db', 'web']);
    expect(() => startOrder([s('a', 'main', ['b']), s('b', 'sidecar', ['a'])])).toThrow(SpecError);
  });

  it('keeps what a deploy leaves undefined and hashes only what needs a new container', () => {
    const stored = labelledSpecOf(
      service({
        name: 'web',
        image: 'img:1',
        role: 'main',
        env: { A: '1' },
        resources: { memoryMb: 64 },
        secrets: [{ key: 'k', envName: 'K' }],
      }),
    );
    const merged = mergeDeploy(stored, { name: 'web', image: 'img:2' }, { memoryMb: 96 });
    expect(merged).toMatchObject({
      image: 'img:2',
      env: { A: '1' },
      memoryMb: 96,
      secrets: [{ key: 'k', envName: 'K' }],
    });
    const hash = specHash(stored, 'sha256:1', 'deployment');
    expect(specHash({ ...stored, memoryMb: 128 }, 'sha256:1', 'deployment')).toBe(hash);
    expect(specHash({ ...stored, memoryMb: undefined }, 'sha256:1', 'deployment')).not.toBe(hash);
    expect(specHash({ ...stored, env: { A: '2' } }, 'sha256:1', 'deployment')).not.toBe(hash);
    expect(specHash(stored, 'sha256:2', 'deployment')).not.toBe(hash);
  });

  it('aggregates worst-of: failed over starting over stopped over running', () => {
    const svc = (state: 'running' | 'starting' | 'stopped' | 'failed', ready = state === 'running') => ({
      state,
      ready,
      restarts: 1,
    });
    expect(aggregateInstance({ a: svc('running'), b: svc('stopped') }, [], {}).state).toBe('stopped');
    expect(aggregateInstance({ a: svc('stopped'), b: svc('starting') }, [], {}).state).toBe('starting');
    const failed = aggregateInstance({ a: svc('starting'), b: { ...svc('failed'), message: 'boom' } }, [], {});
    expect(failed).toMatchObject({ state: 'failed', ready: false, restarts: 2, message: 'b: boom' });
    expect(aggregateInstance({ a: svc('running'), b: svc('running') }, [], {}).ready).toBe(true);
    const replicas = aggregateService([
      { containerId: 'c0', replica: 0, state: 'running', ready: true, restarts: 2 },
      { containerId: 'c1', replica: 1, state: 'failed', ready: false, restarts: 3, message: 'exit 1' },
    ]);
    expect(replicas).toEqual({
      state: 'failed',
      ready: false,
      restarts: 5,
      providerRef: 'c0',
      message: 'replica 1: exit 1',
    });
  });

  it('maps engine failures to provider error kinds without leaking secrets', () => {
    const base = { provider: 'docker', endpoint: 'unix:///x.sock', op: 'status', secrets: ['hunter2'] };
    const refused = toProviderError(Object.assign(new Error('connect ENOENT'), { code: 'ENOENT' }), base);
    expect(refused.kind).toBe('unavailable');
    expect(refused.message).toContain('unix:///x.sock');
    const notFound = toProviderError(
      Object.assign(new Error('(HTTP code 404) no such container - No such container: abc hunter2 '), {
        statusCode: 404,
        json: { message: 'No such container: abc hunter2' },
      }),
      base,
    );
    expect(notFound.kind).toBe('not_found');
    expect(notFound.message).not.toContain('hunter2');
    const aborted = new AbortController();
    aborted.abort();
    const abortError = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(toProviderError(abortError, { ...base, signal: aborted.signal }).kind).toBe('canceled');
    expect(toProviderError(abortError, base).kind).toBe('timeout');
  });
});
