import { describe, expect, it } from 'vitest';
import { type CurrentInstance, planApply } from '../../src/cli/apply-plan.js';
import { type CurrentRoute, planRoutes } from '../../src/cli/route-plan.js';
import { parseSpec } from '../../src/cli/spec-file.js';

const BASE = `
name: shop
services:
  web:
    image: wheelhouse-test/web:1
    ports: [8080]
  api:
    image: wheelhouse-test/api:1
`;

const withRoutes = (routes: string) => parseSpec(`${BASE}routes:\n${routes}`, 'wheelhouse.yaml');

function route(overrides: Partial<CurrentRoute> & { id: string }): CurrentRoute {
  return {
    service: 'web',
    port: 8080,
    host: 'web-shop-t1.localhost',
    pathPrefix: '/',
    custom: false,
    url: `http://${overrides.host ?? 'web-shop-t1.localhost'}:8080${overrides.pathPrefix ?? '/'}`,
    tls: null,
    ...overrides,
  };
}

function live(routes: CurrentRoute[], webImage = 'wheelhouse-test/web:1'): CurrentInstance {
  const service = { role: 'MAIN', dependsOn: [], env: [], secrets: [], volumes: [] };
  return {
    id: 'SW5zdGFuY2U6MQ==',
    name: 'shop',
    version: 3,
    kind: 'DEPLOYMENT',
    provider: { key: 'docker' },
    services: [
      { ...service, name: 'web', image: webImage, ports: [{ container: 8080, host: 0, protocol: 'TCP' }] },
      { ...service, name: 'api', image: 'wheelhouse-test/api:1', ports: [] },
    ],
    routes,
  };
}

describe('route planner', () => {
  const generated = route({ id: 'g' });
  const custom = route({ id: 'c', host: 'shop.example.com', custom: true });

  it('leaves live routes alone when the file has no routes:, and removes them all with routes: []', () => {
    expect(planApply(live([generated, custom]), parseSpec(BASE, 'w.yaml'))).toEqual({
      action: 'none',
      name: 'shop',
      instanceId: 'SW5zdGFuY2U6MQ==',
    });
    expect(planApply(live([generated, custom]), parseSpec(`${BASE}routes: []\n`, 'w.yaml'))).toEqual({
      action: 'routes',
      name: 'shop',
      instanceId: 'SW5zdGFuY2U6MQ==',
      routes: { add: [], remove: [generated, custom] },
    });
  });

  it('keeps what matches: a generated host by service and port, a given host by host and path (any case)', () => {
    const spec = withRoutes(
      '  - { service: web, port: 8080 }\n  - { service: web, port: 8080, host: Shop.Example.com }\n',
    );
    expect(planApply(live([generated, custom]), spec).action).toBe('none');
  });

  it('adds and removes exactly the difference', () => {
    const spec = withRoutes(
      '  - { service: web, port: 8080 }\n  - { service: api, port: 9000, host: api.example.com, pathPrefix: /v1 }\n',
    );
    expect(planRoutes([generated, custom], spec.routes)).toEqual({
      add: [{ service: 'api', port: 9000, host: 'api.example.com', pathPrefix: '/v1' }],
      remove: [custom],
    });
  });

  it('replaces a route whose port, service or TLS changed at the same address', () => {
    const newPort = withRoutes('  - { service: web, port: 9090 }\n');
    expect(planRoutes([generated], newPort.routes)).toEqual({
      add: [{ service: 'web', port: 9090 }],
      remove: [generated],
    });
    const otherService = withRoutes('  - { service: api, port: 8080, host: shop.example.com }\n');
    expect(planRoutes([custom], otherService.routes).remove).toEqual([custom]);
    const tls = withRoutes('  - { service: web, port: 8080, host: shop.example.com, tls: true }\n');
    expect(planRoutes([custom], tls.routes)).toEqual({
      add: [{ service: 'web', port: 8080, host: 'shop.example.com', tls: {} }],
      remove: [custom],
    });
    const edgeCa = { ...custom, tls: { source: 'EDGE_CA', secretKey: null } };
    expect(planRoutes([edgeCa], tls.routes)).toEqual({ add: [], remove: [] });
    const vault = withRoutes(
      '  - { service: web, port: 8080, host: shop.example.com, tls: { secretKey: shop-cert } }\n',
    );
    expect(planRoutes([edgeCa], vault.routes).remove).toEqual([edgeCa]);
    expect(planRoutes([{ ...custom, tls: { source: 'SECRET', secretKey: 'shop-cert' } }], vault.routes).add).toEqual(
      [],
    );
  });

  it('deploys the changed services and changes the routes in one plan', () => {
    const spec = withRoutes('  - { service: web, port: 8080, pathPrefix: /app }\n');
    const plan = planApply(live([generated], 'wheelhouse-test/web:0'), spec);
    expect(plan).toMatchObject({
      action: 'deploy',
      changes: [{ name: 'web', fields: ['image'] }],
      routes: { add: [{ service: 'web', port: 8080, pathPrefix: '/app' }], remove: [generated] },
    });
  });

  it('provisions the routes of the file with a new instance', () => {
    const spec = withRoutes(
      '  - { service: web, port: 8080 }\n  - { service: api, port: 9000, host: a.example.com, tls: auto }\n',
    );
    const plan = planApply(null, spec);
    expect(plan.action).toBe('provision');
    if (plan.action !== 'provision') return;
    expect(plan.input.routes).toEqual([
      { service: 'web', port: 8080 },
      { service: 'api', port: 9000, host: 'a.example.com', tls: {} },
    ]);
  });
});

describe('routes: in the spec file', () => {
  it('names the file, line and path of a route to an unknown service, a route given twice, an unknown key', () => {
    expect(() => withRoutes('  - { service: web, port: 8080 }\n  - { service: db, port: 5432 }\n')).toThrow(
      'wheelhouse.yaml:11: routes.1.service: no service named "db"',
    );
    expect(() =>
      withRoutes(
        '  - { service: web, port: 8080, host: a.example.com }\n  - { service: api, port: 1, host: A.example.com }\n',
      ),
    ).toThrow('wheelhouse.yaml:11: routes.1: the same route is given twice');
    expect(() => withRoutes('  - { service: web, port: 8080, path: /x }\n')).toThrow(
      'wheelhouse.yaml:10: routes.0.path: unknown key',
    );
  });
});
