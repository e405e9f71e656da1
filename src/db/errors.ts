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
