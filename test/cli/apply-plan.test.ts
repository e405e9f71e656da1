import { describe, expect, it } from 'vitest';
import {
  type CurrentInstance,
  type CurrentService,
  planApply,
  UnsupportedChangeError,
} from '../../src/cli/apply-plan.js';
import { parseSpec } from '../../src/cli/spec-file.js';

const SPEC = `
name: shop
services:
  web:
    image: wheelhouse-test/web:1
    ports: [8080]
    env: { GREETING: hello, DEBUG: false }
    resources: { replicas: 2 }
    healthCheck: { path: /healthz, port: 8080 }
  tool:
    image: wheelhouse-test/tool:1
    role: SIDECAR
`;

function live(overrides: Partial<Record<'web' | 'tool', Partial<CurrentService>>> = {}): CurrentInstance {
  const base: CurrentService = {
    name: '',
    image: '',
    role: 'MAIN',
    dependsOn: [],
    env: [],
    ports: [],
    resources: null,
    healthCheck: null,
    command: null,
    args: null,
    secrets: [],
    volumes: [],
  };
  return {
    id: 'SW5zdGFuY2U6MQ==',
    name: 'shop',
    version: 7,
    kind: 'DEPLOYMENT',
    provider: { key: 'docker' },
    services: [
      {
        ...base,
        name: 'web',
        image: 'wheelhouse-test/web:1',
        env: [
          { name: 'GREETING', value: 'hello' },
          { name: 'DEBUG', value: 'false' },
        ],
        ports: [{ container: 8080, host: 0, protocol: 'TCP' }],
        // The server fills in what the file leaves out; that is not a change.
        resources: { replicas: 2, cpuMillis: 500, memoryMb: null, diskMb: null, gpu: null },
        healthCheck: { path: '/healthz', port: 8080, intervalSeconds: 2, timeoutSeconds: 1, retries: 3 },
        ...overrides.web,
      },
      { ...base, name: 'tool', image: 'wheelhouse-test/tool:1', role: 'SIDECAR', ...overrides.tool },
    ],
  };
}

describe('apply planner', () => {
  const spec = parseSpec(SPEC, 'wheelhouse.yaml');

  it('provisions every service when no instance has the name', () => {
    const plan = planApply(null, spec);
    expect(plan.action).toBe('provision');
    if (plan.action !== 'provision') return;
    expect(plan.input).toMatchObject({
      name: 'shop',
      services: [
        {
          name: 'web',
          image: 'wheelhouse-test/web:1',
          ports: [{ container: 8080 }],
          env: [
            { name: 'DEBUG', value: 'false' },
            { name: 'GREETING', value: 'hello' },
          ],
          resources: { replicas: 2 },
        },
        { name: 'tool', image: 'wheelhouse-test/tool:1', role: 'SIDECAR' },
      ],
    });
  });

  it('does nothing when the live instance already matches the file', () => {
    expect(planApply(live(), spec)).toEqual({ action: 'none', name: 'shop', instanceId: 'SW5zdGFuY2U6MQ==' });
  });

  it('deploys every service again when the live instance matches the file but is FAILED', () => {
    expect(planApply({ ...live(), state: 'FAILED' }, spec)).toEqual({
      action: 'deploy',
      name: 'shop',
      instanceId: 'SW5zdGFuY2U6MQ==',
      expectedVersion: 7,
      changes: [
        { name: 'web', fields: [], input: { name: 'web', image: 'wheelhouse-test/web:1' } },
        { name: 'tool', fields: [], input: { name: 'tool', image: 'wheelhouse-test/tool:1' } },
      ],
      again: true,
    });
    // A FAILED instance whose file changes deploys the change, as any other.
    const changed = planApply({ ...live({ tool: { image: 'wheelhouse-test/tool:0' } }), state: 'FAILED' }, spec);
    expect(changed).toMatchObject({ action: 'deploy', changes: [{ name: 'tool', fields: ['image'] }] });
    expect(changed).not.toHaveProperty('again');
  });

  it('deploys only the service whose image changed, at the version it read', () => {
    const plan = planApply(live({ tool: { image: 'wheelhouse-test/tool:0' } }), spec);
    expect(plan).toEqual({
      action: 'deploy',
      name: 'shop',
      instanceId: 'SW5zdGFuY2U6MQ==',
      expectedVersion: 7,
      changes: [{ name: 'tool', fields: ['image'], input: { name: 'tool', image: 'wheelhouse-test/tool:1' } }],
    });
  });

  it('sends the whole env, ports and only the resource fields that differ', () => {
    const plan = planApply(
      live({
        web: {
          env: [{ name: 'GREETING', value: 'hi' }],
          ports: [{ container: 9090, host: null, protocol: 'TCP' }],
          resources: { replicas: 1, cpuMillis: 500 },
        },
      }),
      spec,
    );
    expect(plan.action).toBe('deploy');
    if (plan.action !== 'deploy') return;
    expect(plan.changes).toEqual([
      {
        name: 'web',
        fields: ['env', 'ports', 'resources'],
        input: {
          name: 'web',
          image: 'wheelhouse-test/web:1',
          env: [
            { name: 'DEBUG', value: 'false' },
            { name: 'GREETING', value: 'hello' },
          ],
          ports: [{ container: 8080 }],
          resources: { replicas: 2 },
        },
      },
    ]);
  });

  it('plans services the file adds and leaves out as one deploy that adds and removes them in place', () => {
    const current = live({});
    current.services.push({ ...current.services[1]!, name: 'old', role: 'SIDECAR' });
    const withNew = parseSpec(
      `${SPEC}  extra:\n    image: wheelhouse-test/tool:1\n    role: SIDECAR\n    dependsOn: [web]\n`,
      'w.yaml',
    );
    const plan = planApply(current, withNew);
    expect(plan).toMatchObject({
      action: 'deploy',
      changes: [],
      add: [{ name: 'extra', image: 'wheelhouse-test/tool:1', role: 'SIDECAR', dependsOn: ['web'] }],
      remove: ['old'],
    });
  });

  it('refuses changes a deploy cannot make, naming each with the way out', () => {
    const current = live({ tool: { role: 'MAIN' } });
    let error: unknown;
    try {
      planApply(current, parseSpec(SPEC, 'w.yaml'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnsupportedChangeError);
    const problems = (error as UnsupportedChangeError).problems;
    expect(problems).toContain(
      'services.tool.role: MAIN → SIDECAR (a deploy cannot change this: rename the service to replace it in place, or destroy and apply again)',
    );
    expect(problems.some((p) => p.includes(': added') || p.includes(': removed'))).toBe(false);
  });
});

describe('spec file', () => {
  it('names the file, line and path of an unknown key', () => {
    expect(() => parseSpec('name: shop\nservices:\n  web:\n    image: a\n    imgae: b\n', 'app.yaml')).toThrow(
      'app.yaml:5: services.web.imgae: unknown key',
    );
  });

  it('names the line of a YAML syntax error', () => {
    expect(() => parseSpec('name: shop\nservices:\n  web:\n    image: a: b\n    role: MAIN\n', 'app.yaml')).toThrow(
      /^app\.yaml:4: invalid YAML/,
    );
  });

  it('names the path and line of a value of the wrong type', () => {
    expect(() =>
      parseSpec('name: shop\nservices:\n  web:\n    image: a\n    resources:\n      replicas: two\n', 'app.yaml'),
    ).toThrow(/^app\.yaml:6: services\.web\.resources\.replicas: /);
  });
});
