/**
 * Custom domains and TLS on the Docker edge (real HAProxy): a host belongs to
 * one tenant; hostile hosts are refused with nothing written or rendered; an
 * unknown Host gets 404 from the edge; an edge-CA route serves HTTPS that
 * verifies with Provider.edge.caCertificate and redirects plain HTTP with a
 * 308; a vault certificate (a chain of the test's own CA) is served by SNI and
 * verifies with that CA. And without HAProxy: no edge, routes refused naming what to install.
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutSecretDocument } from '../../src/client/generated/graphql.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  dockerEdgeOf,
  EdgeAddRoute,
  EdgeDeprovision,
  EdgeProviders,
  EdgeProvision,
  edgeDataDir,
  edgeHttpPort,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  payload,
  removeEdge,
  startEdgeApp,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';
import { caCert, keyPem, leafCert, newKeys } from '../support/test-certificates.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

const RoutesTls = graphql(`
  query EdgeDomainsRoutesTls {
    routes(filter: {}) { edges { node { url tls { source issuer notAfter secretKey } } } }
  }
`);

/** GET / over HTTPS to the edge, by SNI for the url's host, trusting only `ca`. */
function httpsGet(url: URL, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        path: '/',
        servername: url.hostname,
        headers: { host: url.host },
        ca,
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Retries `get` until it answers 200 or 15 s pass; the last answer (or error) otherwise. */
async function until200(
  get: () => Promise<{ status: number; body: string }>,
  status = 200,
): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + 15_000;
  let res = await get().catch((e: Error) => ({ status: 0, body: e.message }));
  while (res.status !== status && Date.now() < deadline) {
    await new Promise((x) => setTimeout(x, 200));
    res = await get().catch((e: Error) => ({ status: 0, body: e.message }));
  }
  return res;
}

describe.runIf(run)('custom domains and TLS on the edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let instanceA: string;
  let instanceB: string;

  const provision = async (t: TestTenant, name: string) => {
    const r = await query(app.url, t.token, EdgeProvision, {
      input: { name, provider: 'docker', wait: true, services: [{ name: 'web', image: TEST_IMAGES.web1 }] },
    });
    return payload(r.provisionInstance, 'ProvisionInstancePayload').instance.id;
  };

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    a = await app.newTenant();
    b = await app.newTenant();
    [instanceA, instanceB] = await Promise.all([provision(a, 'site'), provision(b, 'site')]);
  }, 120_000);

  afterAll(async () => {
    if (!run) return;
    for (const [t, id] of [
      [a, instanceA],
      [b, instanceB],
    ] as const) {
      if (id)
        await query(app.url, t.token, EdgeDeprovision, { input: { instanceId: id, wait: true } }).catch(
          () => undefined,
        );
    }
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  const routeCount = async (tenantId: string) =>
    Number(
      (
        await app.database.db
          .selectFrom('routes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a host belongs to one tenant: another gets ConflictError and learns nothing else', async () => {
    const first = await query(app.url, a.token, EdgeAddRoute, {
      input: { instanceId: instanceA, route: { service: 'web', port: 8080, host: 'shop.example.com' } },
    });
    const firstRoute = payload(first.addRoute, 'AddRoutePayload').route;
    expect(firstRoute.custom).toBe(true);
    const other = await query(app.url, b.token, EdgeAddRoute, {
      input: {
        instanceId: instanceB,
        route: { service: 'web', port: 8080, host: 'SHOP.example.com', pathPrefix: '/x' },
      },
    });
    expect(payload(other.addRoute, 'ConflictError').message).toBe('host shop.example.com is not available');
    expect(await routeCount(b.tenantId)).toBe(0);
    // The owner's route is served; an unknown host is a 404 from the edge.
    const routeUrl = firstRoute.url;
    const deadline = Date.now() + 15_000;
    let res = await get(routeUrl).catch(() => ({ status: 0, body: '' }));
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await get(routeUrl).catch(() => ({ status: 0, body: '' }));
    }
    expect(res).toEqual({ status: 200, body: 'web v1\n' });
    const unknown = await get(routeUrl.replace('shop.example.com', 'nobody.example.com'));
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('hostile hosts are ValidationErrors with the field path; nothing is written or rendered', async () => {
    const before = await routeCount(a.tenantId);
    const config = () => readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8');
    const rendered = config();
    const hostile = [
      'evil.example.com\n  use_backend wh_no_route',
      'a b.example.com',
      '*.example.com',
      'example.com:8080',
      '../../etc/passwd',
      'ex"ample.com',
      'x'.repeat(64) + '.example.com',
      'example.com.',
    ];
    for (const host of hostile) {
      const r = await query(app.url, a.token, EdgeAddRoute, {
        input: { instanceId: instanceA, route: { service: 'web', port: 8080, host } },
      });
      expect(r.addRoute.__typename, host).toBe('ValidationError');
      expect(payload(r.addRoute, 'ValidationError').fieldErrors[0]?.path).toEqual(['input', 'route', 'host']);
    }
    const prefix = await query(app.url, a.token, EdgeAddRoute, {
      input: { instanceId: instanceA, route: { service: 'web', port: 8080, pathPrefix: '/a b' } },
    });
    expect(payload(prefix.addRoute, 'ValidationError').fieldErrors[0]?.path).toEqual(['input', 'route', 'pathPrefix']);
    expect(await routeCount(a.tenantId)).toBe(before);
    await new Promise((r) => setTimeout(r, 500));
    expect(config()).toBe(rendered);
    expect(config()).not.toContain('evil.example.com');
  }, 60_000);

  it('an edge-CA route serves HTTPS that verifies with caCertificate, and plain HTTP answers 308', async () => {
    const mine = await dockerEdgeOf(app, a.token);
    expect(mine.kind).toBe('haproxy');
    expect(mine.caCertificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const ca = mine.caCertificate!;
    const r = await query(app.url, a.token, EdgeAddRoute, {
      input: { instanceId: instanceA, route: { service: 'web', port: 8080, host: 'secure.example.com', tls: {} } },
    });
    const secure = payload(r.addRoute, 'AddRoutePayload').route;
    expect(secure.tls?.source).toBe('EDGE_CA');
    expect(new Date(secure.tls?.notAfter ?? 0).getTime()).toBeGreaterThan(Date.now());
    const url = new URL(secure.url);
    expect(url.protocol).toBe('https:');
    const fetchTls = () => httpsGet(url, ca);
    expect(await until200(fetchTls)).toEqual({ status: 200, body: 'web v1\n' });
    const plain = await get(`http://secure.example.com:${await edgeHttpPort(app, a.token)}/`);
    expect(plain.status).toBe(308);
    // No key in what the API answers or in the route row.
    const row = await app.database.db
      .selectFrom('routes')
      .selectAll()
      .where('host', '=', 'secure.example.com')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    expect(localIdOf(secure.id)).toBe(row.id);
  }, 60_000);
  it("a deprovisioned instance's TLS host stops answering (404 on plain HTTP, not a lingering 308) and can be routed again", async () => {
    const p = await query(app.url, a.token, EdgeProvision, {
      input: {
        name: 'doomed',
        provider: 'docker',
        wait: true,
        services: [{ name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz' } }],
        routes: [{ service: 'web', port: 8080, host: 'gone.example.com', tls: {} }],
      },
    });
    const doomed = payload(p.provisionInstance, 'ProvisionInstancePayload').instance.id;
    const port = await edgeHttpPort(app, a.token);
    const plain = () => get(`http://gone.example.com:${port}/`);
    // The control: while the route exists, plain HTTP is redirected to HTTPS.
    expect((await until200(plain, 308)).status).toBe(308);
    const d = await query(app.url, a.token, EdgeDeprovision, { input: { instanceId: doomed, wait: true } });
    expect(payload(d.deprovisionInstance, 'DeprovisionInstancePayload').operation.status).toBe('SUCCEEDED');
    // Gone from the edge like any removed host: 404, the redirect does not outlive the route.
    expect((await until200(plain, 404)).status).toBe(404);
    const routes = await query(app.url, a.token, RoutesTls);
    expect(JSON.stringify(routes)).not.toContain('gone.example.com');
    // The host is free: another instance of the tenant routes it, and it answers there.
    const again = await query(app.url, a.token, EdgeAddRoute, {
      input: { instanceId: instanceA, route: { service: 'web', port: 8080, host: 'gone.example.com' } },
    });
    expect(payload(again.addRoute, 'AddRoutePayload').route.url).toMatch(/^http:\/\/gone\.example\.com:/);
    expect(await until200(plain)).toEqual({ status: 200, body: 'web v1\n' });
  }, 90_000);
  it("a vault certificate (the test CA's chain) is served by SNI, verifies with that CA, and its key is never shown", async () => {
    const rootKeys = await newKeys();
    const root = { keys: rootKeys, cert: await caCert('CN=Wheelhouse Test Root, O=Test', rootKeys) };
    const leafKeys = await newKeys();
    const leaf = await leafCert(['shop.example.test'], leafKeys, root);
    const key = await keyPem(leafKeys);
    const put = await query(app.url, a.token, PutSecretDocument, {
      input: { key: 'tls/shop', value: `${leaf.toString('pem')}\n${key}` },
    });
    payload(put.putSecret, 'PutSecretPayload');
    const r = await query(app.url, a.token, EdgeAddRoute, {
      input: {
        instanceId: instanceA,
        route: { service: 'web', port: 8080, host: 'shop.example.test', tls: { secretKey: 'tls/shop' } },
      },
    });
    const shop = payload(r.addRoute, 'AddRoutePayload').route;
    expect(shop.tls).toMatchObject({
      source: 'SECRET',
      issuer: expect.stringContaining('Wheelhouse Test Root'),
    });
    const url = new URL(shop.url);
    // Trusting only the test's root: the handshake verifies the chain the vault holds, for this host.
    expect(await until200(() => httpsGet(url, root.cert.toString('pem')))).toEqual({ status: 200, body: 'web v1\n' });
    // The edge CA does not vouch for it: this is the vault's certificate, not one the edge issued.
    const edgeCa = (await dockerEdgeOf(app, a.token)).caCertificate;
    expect(edgeCa).toMatch(/^-----BEGIN CERTIFICATE-----/);
    await expect(httpsGet(url, edgeCa!)).rejects.toThrow(/certificate/i);
    // The key is in no answer: not the route's, not the secret's.
    const routes = await query(app.url, a.token, RoutesTls);
    expect(JSON.stringify(routes)).toContain('shop.example.test');
    expect(JSON.stringify(routes)).not.toContain('PRIVATE KEY');
  }, 60_000);
});

describe.runIf(await dockerOrSkip())('without HAProxy', () => {
  it('Provider.edge is null and routes are refused naming what to install', async () => {
    const dataDir = edgeDataDir();
    const provider = edgeProvider(dataDir, '/nonexistent/haproxy');
    const app = await startEdgeApp(dataDir, provider);
    try {
      const t = await app.newTenant();
      const p = await query(app.url, t.token, EdgeProviders);
      expect(p.providers[0]?.edge).toBeNull();
      expect(p.providers[0]?.capabilities).not.toContain('CUSTOM_DOMAINS');
      const r = await query(app.url, t.token, EdgeProvision, {
        input: {
          name: 'x',
          provider: 'docker',
          services: [{ name: 'web', image: TEST_IMAGES.web1 }],
          routes: [{ service: 'web', port: 8080 }],
        },
      });
      expect(payload(r.provisionInstance, 'CapabilityNotSupportedError').message).toContain('apt-get install haproxy');
      const rows = await app.database.db
        .selectFrom('instances')
        .select('id')
        .where('tenant_id', '=', t.tenantId)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await app.stop();
      await removeEdge(provider, dataDir);
    }
  }, 60_000);
});
