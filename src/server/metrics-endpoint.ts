import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { METRICS_CONTENT_TYPE, renderMetrics, type ScrapeSources } from '../control/metrics.js';
import { Scopes } from '../control/scopes.js';
import type { TokenService } from '../control/tokens.js';
import { authenticate } from './auth.js';

/** Answers one request for /metrics. */
export type MetricsHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `/metrics` in the Prometheus text format. With `tokens` (served on the API
 * port) a scrape must bear a token with the SYSTEM scope: the figures span
 * every tenant. Without (its own port, WHEELHOUSE_METRICS_PORT) it is open to
 * whoever reaches that port, as Prometheus scrapers expect.
 */
export function createMetricsHandler(sources: ScrapeSources, tokens?: TokenService): MetricsHandler {
  return (req, res) => {
    void (async () => {
      if (tokens) {
        let principal: Awaited<ReturnType<typeof authenticate>>;
        try {
          principal = await authenticate(tokens, req.headers.authorization);
        } catch {
          // The token cannot be checked while the database is away.
          return text(res, 503, 'database unavailable\n');
        }
        if (!principal) {
          res.setHeader('WWW-Authenticate', 'Bearer');
          return text(res, 401, 'a token with the SYSTEM scope is required\n');
        }
        if (!principal.scopes.has(Scopes.system)) return text(res, 403, 'a token with the SYSTEM scope is required\n');
      }
      const body = await renderMetrics(sources);
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
      res.end(body);
    })().catch(() => {
      if (!res.headersSent) text(res, 500, 'metrics could not be rendered\n');
    });
  };
}

/** A server of its own for /metrics (WHEELHOUSE_METRICS_PORT); anything else is 404. */
export function createMetricsServer(handler: MetricsHandler): Server {
  return createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] === '/metrics') return handler(req, res);
    text(res, 404, 'not found\n');
  });
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(body);
}
