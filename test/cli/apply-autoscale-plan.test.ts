import { describe, expect, it } from 'vitest';
import { type CurrentInstance, describePolicy, planApply, provisionInput } from '../../src/cli/apply-plan.js';
import { parseSpec } from '../../src/cli/spec-file.js';

const spec = (resources: string) => `
name: shop
services:
  web:
    image: wheelhouse-test/web:1
    resources: ${resources}
`;

/** The live instance: `policy` is ResourceSpec.autoscale as the server returns it (defaults applied). */
function live(policy: Record<string, unknown> | null, replicas = 2): CurrentInstance {
  return {
    id: 'SW5zdGFuY2U6MQ==',
    name: 'shop',
    version: 7,
    kind: 'DEPLOYMENT',
    provider: { key: 'docker' },
    services: [
      {
        name: 'web',
        image: 'wheelhouse-test/web:1',
        role: 'MAIN',
        dependsOn: [],
        env: [],
        ports: [],
        resources: { replicas, cpuMillis: null, memoryMb: null, diskMb: null, gpu: null, autoscale: policy as never },
        healthCheck: null,
        command: null,
        args: null,
        secrets: [],
        volumes: [],
      },
    ],
  };
}

const POLICY = {
  minReplicas: 1,
  maxReplicas: 3,
  targetCpuPercent: 50,
  targetRequestsPerSecond: null,
  scaleUpStabilizationSeconds: 0,
  scaleDownStabilizationSeconds: 300,
};

describe('apply plan: resources.autoscale', () => {
  it('provisions with the policy in the service resources', () => {
    const input = provisionInput(
      parseSpec(spec('{ autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 } }'), 'w.yaml'),
    );
    const [web] = input.services as Array<{ resources: unknown }>;
    expect(web?.resources).toEqual({ autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 } });
  });

  it('a new policy is a change sent as autoscale, not in the deploy input', () => {
    const plan = planApply(
      live(null),
      parseSpec(spec('{ autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 } }'), 'w.yaml'),
    );
    expect(plan.action).toBe('deploy');
    if (plan.action !== 'deploy') return;
    expect(plan.changes).toEqual([
      {
        name: 'web',
        fields: ['autoscale'],
        input: { name: 'web', image: 'wheelhouse-test/web:1' },
        autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 },
        autoscaleWas: null,
      },
    ]);
  });

  it('the same policy (the server filled in the windows) is no change, and the replicas it owns are not compared', () => {
    const plan = planApply(
      live(POLICY, 3),
      parseSpec(spec('{ replicas: 1, autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 } }'), 'w.yaml'),
    );
    expect(plan.action).toBe('none');
  });

  it('a changed bound, target or window is a change', () => {
    for (const changed of [
      '{ minReplicas: 2, maxReplicas: 3, targetCpuPercent: 50 }',
      '{ minReplicas: 1, maxReplicas: 4, targetCpuPercent: 50 }',
      '{ minReplicas: 1, maxReplicas: 3, targetCpuPercent: 70 }',
      '{ minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50, scaleDownStabilizationSeconds: 60 }',
    ]) {
      const plan = planApply(live(POLICY), parseSpec(spec(`{ autoscale: ${changed} }`), 'w.yaml'));
      expect(plan.action, changed).toBe('deploy');
      if (plan.action === 'deploy') expect(plan.changes[0]?.fields).toEqual(['autoscale']);
    }
  });

  it('a file without the policy removes it (autoscale: null), even with no resources at all', () => {
    for (const resources of ['{ replicas: 2 }', '{}']) {
      const plan = planApply(live(POLICY), parseSpec(spec(resources), 'w.yaml'));
      expect(plan.action).toBe('deploy');
      if (plan.action !== 'deploy') return;
      expect(plan.changes[0]).toMatchObject({ fields: ['autoscale'], autoscale: null, autoscaleWas: POLICY });
      expect(plan.changes[0]?.input).not.toHaveProperty('resources');
    }
  });

  it('an image change and a policy change: the deploy carries the image, the policy goes apart', () => {
    const plan = planApply(
      live(POLICY),
      parseSpec(
        spec('{ cpuMillis: 250, autoscale: { minReplicas: 1, maxReplicas: 5, targetCpuPercent: 50 } }').replace(
          'web:1',
          'web:2',
        ),
        'w.yaml',
      ),
    );
    if (plan.action !== 'deploy') throw new Error(plan.action);
    expect(plan.changes[0]?.fields).toEqual(['image', 'resources', 'autoscale']);
    expect(plan.changes[0]?.input).toEqual({
      name: 'web',
      image: 'wheelhouse-test/web:2',
      resources: { cpuMillis: 250 },
    });
    expect(plan.changes[0]?.autoscale).toEqual({ minReplicas: 1, maxReplicas: 5, targetCpuPercent: 50 });
  });

  it('a bad policy in the file names its field', () => {
    expect(() =>
      parseSpec(spec('{ autoscale: { minReplicas: 4, maxReplicas: 3, targetCpuPercent: 50 } }'), 'w.yaml'),
    ).toThrow(/services\.web\.resources\.autoscale\.minReplicas: must not be above maxReplicas \(3\)/);
    expect(() => parseSpec(spec('{ autoscale: { minReplicas: 1, maxReplicas: 3 } }'), 'w.yaml')).toThrow(
      /services\.web\.resources\.autoscale.*targetCpuPercent or targetRequestsPerSecond/,
    );
    expect(() => parseSpec(spec('{ autoscale: { min: 1, maxReplicas: 3, targetCpuPercent: 5 } }'), 'w.yaml')).toThrow(
      /autoscale/,
    );
  });

  it('describes a policy for people', () => {
    expect(describePolicy(POLICY)).toBe('1–3, cpu 50%');
    expect(describePolicy(null)).toBe('off');
  });
});
