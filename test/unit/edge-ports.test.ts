/**
 * The edge refuses to share its ports: haproxy.cfg turns SO_REUSEPORT off,
 * a port another program holds is found before HAProxy starts, and both that
 * check and HAProxy's own bind error name the setting that moves the port.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { renderEdgeConfig } from '../../src/providers/docker/docker-edge-config.js';
import { assertPortsFree, bindFailure } from '../../src/providers/docker/docker-edge-files.js';

function listening(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port }, () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the edge refuses to share its ports', () => {
  it('renders noreuseport in the global section', () => {
    const text = renderEdgeConfig({
      adminSocket: '/tmp/wh-ports-test.sock',
      bindHost: '127.0.0.1',
      httpPort: 18080,
      httpsPort: 18443,
      crtList: undefined,
      routes: [],
      backends: [],
      checkIntervalMs: 500,
    });
    const global = text.slice(text.indexOf('\nglobal\n'), text.indexOf('\ndefaults\n'));
    expect(global).toMatch(/^ {2}noreuseport$/m);
  });

  it('rejects naming WHEELHOUSE_EDGE_HTTP_PORT, the port and the bind error when another program holds the HTTP port', async () => {
    const occupant = await listening();
    const free = await listening();
    const freePort = portOf(free);
    await close(free);
    try {
      const ports = { http: portOf(occupant), https: freePort };
      const err = await assertPortsFree('127.0.0.1', ports, ['http', 'https']).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message).toContain('WHEELHOUSE_EDGE_HTTP_PORT');
      expect(err?.message).not.toContain('WHEELHOUSE_EDGE_HTTPS_PORT');
      expect(err?.message).toContain(`127.0.0.1:${ports.http}`);
      expect(err?.message).toContain('EADDRINUSE');
      // The same ports the other way round: the HTTPS setting is named.
      const swapped = { http: freePort, https: portOf(occupant) };
      await expect(assertPortsFree('127.0.0.1', swapped, ['http', 'https'])).rejects.toThrow(
        /WHEELHOUSE_EDGE_HTTPS_PORT/,
      );
      // Only the kinds asked for are checked (HTTPS is bound only with a TLS route).
      await expect(assertPortsFree('127.0.0.1', swapped, ['http'])).resolves.toBeUndefined();
    } finally {
      await close(occupant);
    }
  });

  it('accepts free ports and lets them go (the same port can be bound right after)', async () => {
    const probe = await listening();
    const port = portOf(probe);
    await close(probe);
    await assertPortsFree('127.0.0.1', { http: port, https: port }, ['http']);
    const after = await listening(port);
    await close(after);
  });

  it("maps HAProxy's bind error to the setting of the port it names, and nothing else", () => {
    const ports = { http: 18080, https: 18443 };
    const http = bindFailure(
      '[ALERT]    (42) : Starting frontend http: cannot bind socket (Address already in use) [127.0.0.1:18080]',
      '127.0.0.1',
      ports,
    );
    expect(http).toContain('WHEELHOUSE_EDGE_HTTP_PORT');
    expect(http).toContain('127.0.0.1:18080');
    expect(http).toContain('Address already in use');
    const https = bindFailure(
      'HAProxy did not start (exit code 1): [ALERT] : Starting frontend https: cannot bind socket (Permission denied) [127.0.0.1:18443]',
      '127.0.0.1',
      ports,
    );
    expect(https).toContain('WHEELHOUSE_EDGE_HTTPS_PORT');
    expect(https).toContain('Permission denied');
    expect(bindFailure('HAProxy did not start (exit code 1): [ALERT] : parsing error', '127.0.0.1', ports)).toBe(
      undefined,
    );
    expect(
      bindFailure('cannot bind socket (Address already in use) [127.0.0.1:9999]', '127.0.0.1', ports),
    ).toBeUndefined();
  });
});
