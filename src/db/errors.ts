/**
 * What a failed statement means, asked of the error the driver threw. The
 * Postgres error codes stay here: services ask "was the name taken?", never
 * "was it 23505?". pg and PGlite both surface `code`; `constraint` is pg's,
 * PGlite names the constraint only in the message.
 */
const UNIQUE_VIOLATION = '23505';

/** The unique index that keeps live instance names unique within a tenant. */
const INSTANCE_NAME_LIVE = 'instances_tenant_name_live';

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null | undefined;
  return e?.code === UNIQUE_VIOLATION && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

/** True when an insert failed because the tenant already has a live instance of that name. */
export function isInstanceNameTaken(err: unknown): boolean {
  return isUniqueViolation(err, INSTANCE_NAME_LIVE);
}

/** Socket-level failures of reaching the server (Node's codes, as pg surfaces them). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away or not yet taking connections: admin/crash shutdown, cannot connect now. */
const SHUTDOWN_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** What pg and pg-pool say when a connection dies, or cannot be had in time, without a code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * True when a statement failed because the database could not be reached
 * (down, restarting, unreachable), not because of the statement: the caller
 * may retry later, and the client is told UNAVAILABLE rather than an internal error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; message?: unknown; errors?: unknown };
    const code = typeof x.code === 'string' ? x.code : '';
    if (CONNECTION_ERRNOS.has(code) || SHUTDOWN_SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof x.message === 'string' ? x.message : '';
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    // Node reports a refused dual-stack connect as an AggregateError of the per-address failures.
    if (Array.isArray(x.errors) && x.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
