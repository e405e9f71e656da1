import type { IncomingMessage } from 'node:http';

/**
 * Which browser origins may call the API: the server's own (the console is
 * served by this process) and those WHEELHOUSE_CORS_ORIGINS lists (`*` for
 * any). A request without an Origin header is not a browser's cross-origin
 * call (the CLI, curl, another service) and is let through: auth is a bearer
 * token, never a cookie, so no credentials are ever allowed across origins.
 */
export interface OriginPolicy {
  /** Whether a request from `origin` may reach the API; `host` is the request's Host header. */
  allows(origin: string | undefined, host: string | undefined): boolean;
  /** The refusal's message. */
  refusal(origin: string): string;
}

/** The policy for an allow-list of origins (already normalised by config.ts). */
export function createOriginPolicy(allowList: readonly string[] = []): OriginPolicy {
  const any = allowList.includes('*');
  const allowed = new Set(allowList);
  return {
    allows(origin, host) {
      if (origin === undefined) return true;
      if (any || allowed.has(origin)) return true;
      try {
        // Same origin: the page was served from the host this request names. The scheme is not
        // compared: behind a TLS-terminating proxy the page is https while this server sees http.
        return host !== undefined && new URL(origin).host === host.toLowerCase();
      } catch {
        // `Origin: null` (a sandboxed frame, a file: page) and anything unparseable are foreign.
        return false;
      }
    },
    refusal: (origin) =>
      `requests from origin ${origin} are not allowed (the server's own origin and WHEELHOUSE_CORS_ORIGINS are)`,
  };
}

/** The Origin and Host headers of a request, as the policy reads them. */
export function originOf(req: IncomingMessage): { origin: string | undefined; host: string | undefined } {
  const origin = req.headers.origin;
  return { origin: typeof origin === 'string' ? origin : undefined, host: req.headers.host };
}
