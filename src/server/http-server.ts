import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { DbHandle } from '../db/db-types.js';
import { databaseReady } from '../db/health.js';
import { lacksCsrfHeader } from './auth.js';
import type { AuthRoutes } from './auth-routes.js';
import { serveConsole } from './console-assets.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from './graphiql-page.js';
import { REQUEST_LIMITS } from './limits.js';
import type { MetricsHandler } from './metrics-endpoint.js';
import { CSRF_REFUSAL } from './oidc-sign-in.js';
import { createOriginPolicy, type OriginPolicy, originOf } from './origin-policy.js';
import type { GraphQLServer } from './yoga.js';

/**
 * The HTTP server: liveness (`/healthz`), readiness (`/readyz`, the database
 * answers), `/metrics` (when served on this port), GraphiQL's assets (`/graphiql/…`), the web console
 * (any other GET) and GraphQL, whose bodies are
 * refused before a byte is read when
 * they are over the limit or do not say how long they are.
 */
export function createHttpServer(
  graphql: GraphQLServer,
  db: DbHandle,
  metrics?: MetricsHandler,
  origins: OriginPolicy = createOriginPolicy(),
  /** The largest file a multipart request may carry (a build's archive): such a request may be this much larger. */
  maxUploadBytes = 0,
  /** Sign-in, sign-out and the token exchange (/auth/…). */
  auth?: AuthRoutes,
): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    // Served on its own port when one is set: then not here, and not the console's either.
    if (path === '/metrics')
      return metrics ? metrics(req, res) : json(res, 404, { errors: [{ message: 'not found' }] });
    if (path === '/readyz') {
      void databaseReady(db).then((ready) =>
        ready ? json(res, 200, { status: 'ready' }) : json(res, 503, { status: 'database unavailable' }),
      );
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && path?.startsWith(GRAPHIQL_ASSETS_PATH)) {
      void serveGraphiQLAsset(req, res);
      return;
    }
    // The sign-in's GETs arrive as top-level navigations (from the identity provider, too).
    if ((req.method === 'GET' || req.method === 'HEAD') && path?.startsWith('/auth/') && auth?.(req, res)) return;
    // Everything else a browser GETs is the web console (its assets, or index.html for its routes).
    if ((req.method === 'GET' || req.method === 'HEAD') && !(path ?? '').startsWith('/graphql')) {
      void serveConsole(req, res);
      return;
    }
    // A browser page of a foreign origin is refused outright (its preflight too), before a byte is read.
    const { origin, host } = originOf(req);
    if (origin !== undefined && !origins.allows(origin, host)) {
      return json(res, 403, {
        errors: [{ message: origins.refusal(origin), extensions: { code: 'FORBIDDEN_ORIGIN' } }],
      });
    }
    // A body must say how long it is, so the limit holds before a byte of it is read.
    if (req.headers['transfer-encoding'] && req.headers['content-length'] === undefined) {
      return json(res, 411, { errors: [{ message: 'a request body needs a Content-Length header' }] });
    }
    const length = Number(req.headers['content-length'] ?? 0);
    // A GraphQL multipart request (an upload) may carry one archive besides the usual body; the archive's
    // own limit is checked as it is read (control/builds-archive.ts).
    const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const limit = REQUEST_LIMITS.maxBodyBytes + (multipart ? maxUploadBytes : 0);
    if (length > limit) {
      return json(res, 413, { errors: [{ message: `request body over ${limit} bytes` }] });
    }
    if (path?.startsWith('/auth/') && auth?.(req, res)) return;
    // A page of another site can make the browser send the session cookie, never this header.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && lacksCsrfHeader(req)) {
      return json(res, 403, { errors: [{ message: CSRF_REFUSAL, extensions: { code: 'CSRF' } }] });
    }
    void graphql.handle(req, res);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
