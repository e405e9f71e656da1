import { describe, expect, it } from 'vitest';
import { deploySpecOf, snapshotFromDeploy, snapshotOf } from '../../src/control/release-snapshots.js';
import type { ServiceDeploySpec, ServiceSnapshot } from '../../src/providers/provider.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';

function spec(over: Partial<ServiceSpec> = {}): ServiceSpec {
  return {
    name: 'web',
    image: 'busybox:1',
    role: 'main',
    dependsOn: [],
    resources: { cpuMillis: 500, memoryMb: 128, replicas: 2 },
    env: { A: '1' },
    ports: [{ container: 8080, protocol: 'tcp' }],
    volumes: [{ name: 'data', mountPath: '/data' }],
    secrets: [{ key: 'db-password', envName: 'DB_PASSWORD' }],
    configFiles: [{ name: 'cfg', path: '/etc/cfg', format: 'text', content: 'SECRET CONTENT' }],
    annotations: { team: 'x' },
    command: ['/bin/sh'],
    args: ['-c', 'httpd -f'],
    ...over,
  };
}

describe('snapshotOf', () => {
  it('records name, image, env, command, args, ports and resources', () => {
    const s = snapshotOf(spec());
    expect(s).toEqual({
      name: 'web',
      image: 'busybox:1',
      env: { A: '1' },
      command: ['/bin/sh'],
      args: ['-c', 'httpd -f'],
      ports: [{ container: 8080, protocol: 'tcp' }],
      resources: { cpuMillis: 500, memoryMb: 128, replicas: 2 },
    });
  });

  it('never carries secrets, config file contents, volumes or annotations', () => {
    const json = JSON.stringify(snapshotOf(spec()));
    expect(json).not.toContain('SECRET CONTENT');
    expect(json).not.toContain('db-password');
    expect(json).not.toContain('/data');
    expect(json).not.toContain('team');
  });

  it('leaves a zero ResourceSpec out, so restoring it never sizes a service to nothing', () => {
    expect(snapshotOf(spec({ resources: {} })).resources).toBeUndefined();
    expect(
      snapshotOf(spec({ resources: { cpuMillis: 0, memoryMb: 0, replicas: 0, gpu: '' } })).resources,
    ).toBeUndefined();
    expect(snapshotOf(spec({ resources: { replicas: 1 } })).resources).toEqual({ replicas: 1 });
  });

  it('copies, so later changes to the spec do not change the snapshot', () => {
    const svc = spec();
    const s = snapshotOf(svc);
    svc.env.B = '2';
    svc.ports[0]!.container = 1;
    svc.resources.replicas = 9;
    expect(s.env).toEqual({ A: '1' });
    expect(s.ports[0]!.container).toBe(8080);
    expect(s.resources?.replicas).toBe(2);
  });
});

describe('snapshotFromDeploy', () => {
  const prior: ServiceSnapshot = {
    name: 'web',
    image: 'busybox:1',
    env: { A: '1' },
    command: ['/bin/sh'],
    args: ['-c', 'old'],
    ports: [{ container: 8080, protocol: 'tcp' }],
    resources: { replicas: 2 },
  };

  it('keeps every optional field the deploy leaves unset from the prior snapshot', () => {
    const s = snapshotFromDeploy({ name: 'web', image: 'busybox:2' }, prior);
    expect(s).toEqual({ ...prior, image: 'busybox:2' });
  });

  it('takes every field the deploy sets', () => {
    const d: ServiceDeploySpec = {
      name: 'web',
      image: 'busybox:2',
      env: { B: '2' },
      command: ['/bin/busybox'],
      args: ['httpd'],
      ports: [{ container: 9090, host: 19090, protocol: 'udp' }],
      resources: { memoryMb: 64 },
    };
    expect(snapshotFromDeploy(d, prior)).toEqual({
      name: 'web',
      image: 'busybox:2',
      env: { B: '2' },
      command: ['/bin/busybox'],
      args: ['httpd'],
      ports: [{ container: 9090, host: 19090, protocol: 'udp' }],
      resources: { memoryMb: 64 },
    });
  });

  it('replaces env in full rather than merging it', () => {
    expect(snapshotFromDeploy({ name: 'web', image: 'i', env: {} }, prior).env).toEqual({});
  });

  it('works without a prior snapshot', () => {
    expect(snapshotFromDeploy({ name: 'new', image: 'i' }, undefined)).toEqual({
      name: 'new',
      image: 'i',
      env: {},
      command: undefined,
      args: undefined,
      ports: [],
      resources: undefined,
    });
  });

  it('does not share objects with its inputs', () => {
    const s = snapshotFromDeploy({ name: 'web', image: 'i' }, prior);
    s.env.Z = 'z';
    expect(prior.env).toEqual({ A: '1' });
  });
});

describe('deploySpecOf', () => {
  it('restores every field of a snapshot (a rollback round-trips)', () => {
    const s: ServiceSnapshot = {
      name: 'web',
      image: 'busybox:1',
      env: { A: '1' },
      command: ['/bin/sh'],
      args: ['-c', 'x'],
      ports: [{ container: 80, protocol: 'tcp' }],
      resources: { replicas: 3 },
    };
    const d = deploySpecOf(s);
    expect(d).toEqual({ ...s });
    // applying the restore on top of anything yields the snapshot again
    const other: ServiceSnapshot = { name: 'web', image: 'other', env: { X: 'y' }, ports: [], args: ['z'] };
    expect(snapshotFromDeploy(d, other)).toEqual(s);
  });

  it('leaves resources undefined when the snapshot has none', () => {
    expect(deploySpecOf({ name: 'a', image: 'b', env: {}, ports: [] }).resources).toBeUndefined();
  });

  it('copies env and ports', () => {
    const s: ServiceSnapshot = { name: 'a', image: 'b', env: { A: '1' }, ports: [{ container: 1, protocol: 'tcp' }] };
    const d = deploySpecOf(s);
    d.env!.A = '2';
    d.ports![0]!.container = 2;
    expect(s.env.A).toBe('1');
    expect(s.ports[0]!.container).toBe(1);
  });
});
