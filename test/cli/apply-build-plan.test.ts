import { describe, expect, it } from 'vitest';
import { type CurrentInstance, planApply } from '../../src/cli/apply-plan.js';
import { archivePlaces } from '../../src/cli/spec-archives.js';
import { parseSpec } from '../../src/cli/spec-file.js';

const SPEC = `
name: shop
services:
  web:
    build:
      context: ./web
      dockerfile: docker/Dockerfile
      target: runtime
      args: { NODE_ENV: production }
      secrets: { npmrc: NPM_TOKEN }
    ports: [8080]
  api:
    build:
      git: { url: https://git.example.com/shop/api.git, ref: v2, credentialSecret: GIT_TOKEN }
      contextPath: services/api
  cache:
    image: wheelhouse-test/cache:1
`;

const live: CurrentInstance = {
  id: 'SW5zdGFuY2U6MQ==',
  name: 'shop',
  version: 4,
  kind: 'DEPLOYMENT',
  state: 'RUNNING',
  services: ['web', 'api', 'cache'].map((name) => ({
    name,
    image: name === 'cache' ? 'wheelhouse-test/cache:1' : `built/${name}:abc`,
    role: 'MAIN',
    dependsOn: [],
    env: [],
    ports: name === 'web' ? [{ container: 8080, host: null, protocol: 'TCP' }] : [],
    resources: null,
    healthCheck: null,
    command: null,
    args: null,
    secrets: [],
    volumes: [],
  })),
};

describe('build: in wheelhouse.yaml', () => {
  it('a provision sends BuildSpecInput: a git source as written, a local context as the place of its archive', () => {
    const plan = planApply(null, parseSpec(SPEC, 'w.yaml'));
    expect(plan.action).toBe('provision');
    if (plan.action !== 'provision') return;
    const services = plan.input.services as Array<Record<string, unknown>>;
    expect(services[0]).toEqual({
      name: 'web',
      build: {
        source: { archive: null },
        dockerfile: 'docker/Dockerfile',
        target: 'runtime',
        args: [{ name: 'NODE_ENV', value: 'production' }],
        secrets: [{ id: 'npmrc', secretKey: 'NPM_TOKEN' }],
      },
      ports: [{ container: 8080 }],
    });
    expect(services[1]).toEqual({
      name: 'api',
      build: {
        source: { git: { url: 'https://git.example.com/shop/api.git', ref: 'v2', credentialSecret: 'GIT_TOKEN' } },
        contextPath: 'services/api',
      },
    });
    expect(services[2]).toEqual({ name: 'cache', image: 'wheelhouse-test/cache:1' });
    expect(plan.builds).toEqual({
      web: 'build ./web',
      api: 'build git https://git.example.com/shop/api.git#v2',
    });
  });

  it('on a live instance every built service is planned as "build" (its source is rebuilt, from cache when unchanged)', () => {
    const plan = planApply(live, parseSpec(SPEC, 'w.yaml'));
    expect(plan.action).toBe('deploy');
    if (plan.action !== 'deploy') return;
    expect(plan.changes.map((c) => [c.name, c.fields])).toEqual([
      ['web', ['build']],
      ['api', ['build']],
    ]);
    expect(plan.changes[0]?.input).toMatchObject({ name: 'web', build: { source: { archive: null } } });
    expect(plan.changes[0]?.input).not.toHaveProperty('image');
  });

  it('the archive places follow the services sent, contexts resolved next to the file', () => {
    const spec = parseSpec(SPEC, 'w.yaml');
    const places = archivePlaces(spec.services, '/srv/shop/wheelhouse.yaml', 'input.services');
    expect(places).toEqual([
      {
        service: 'web',
        place: 'input.services.0.build.source.archive',
        dir: '/srv/shop/web',
        dockerfile: 'docker/Dockerfile',
      },
    ]);
    // In a deploy only the changed services are sent: the index is theirs.
    const [, , cache] = spec.services;
    const onlyWeb = archivePlaces([cache!, spec.services[0]!], '/srv/shop/wheelhouse.yaml', 'input.services');
    expect(onlyWeb.map((p) => p.place)).toEqual(['input.services.1.build.source.archive']);
  });

  it.each([
    ['image and build', 'image: a:1\n    build: { context: . }', 'services.web.build: give image or build, not both'],
    ['neither', 'ports: [80]', 'services.web.image: an image (or a build) is required'],
    [
      'a build with two sources',
      'build: { context: ., git: { url: https://x/y.git } }',
      'services.web.build: give exactly one of context (a directory) or git',
    ],
    ['a build with no source', 'build: { dockerfile: Dockerfile }', 'services.web.build: give exactly one of'],
    ['a misspelt key', 'build: { context: ., dockerFile: D }', 'services.web.build.dockerFile: unknown key'],
  ])('%s is a usage error naming the field', (_what, body, message) => {
    const text = `name: shop\nservices:\n  web:\n    ${body}\n`;
    expect(() => parseSpec(text, 'w.yaml')).toThrow(message);
  });
});
