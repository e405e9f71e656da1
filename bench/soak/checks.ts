/**
 * The soak's invariants, held against the database itself (the record of
 * truth), not against what the API says about itself.
 */
import type pg from 'pg';
import type { Subscriber } from './subscribers.js';
import type { SubmittedOperation } from './traffic.js';

/** A relay global id's local part (`base64("Type:uuid")` → `uuid`). */
export function localOf(globalId: string): string {
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

const OPEN = ['queued', 'running'];

/** Operations of the tenant still queued or running. */
export async function openOperations(db: pg.Pool, tenantId: string): Promise<number> {
  const r = await db.query<{ n: string }>(
    'select count(*) as n from operations where tenant_id = $1 and status = any($2::text[])',
    [tenantId, OPEN],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * An event's position, as its cursor says it (event-repository.ts): its writing transaction
 * times 2^64 plus its id; events are ordered by (xact, id), not by id alone.
 */
const POSITION = '(xact::text::numeric * 18446744073709551616 + id)';

/** The newest event position of the tenant ('0' when none): a cursor. */
export async function latestEventId(db: pg.Pool, tenantId: string): Promise<string> {
  const r = await db.query<{ max: string | null }>(
    `select max(${POSITION})::text as max from events where tenant_id = $1`,
    [tenantId],
  );
  return r.rows[0]?.max ?? '0';
}

export interface OperationReport {
  /** Every operation of the tenant by kind and status (the supervisor's own included). */
  byKindAndStatus: Map<string, number>;
  total: number;
  /** Of them, enqueued by the supervisor (no token asked). */
  bySupervisor: number;
  /** Still queued or running after the grace period. */
  stuck: Array<{ id: string; kind: string; status: string }>;
  /** Answered ids the database does not hold. */
  lost: string[];
  /** Mutations no attempt got an answer for: whether their key is in the database anyway. */
  unanswered: { total: number; recorded: number };
  /** Typed refusals (nothing enqueued, by design). */
  refused: Map<string, number>;
  retried: number;
  failedCodes: Map<string, number>;
}

export async function checkOperations(
  db: pg.Pool,
  tenantId: string,
  submitted: SubmittedOperation[],
): Promise<OperationReport> {
  const rows = (
    await db.query<{
      id: string;
      kind: string;
      status: string;
      error_code: string | null;
      requested_by: string | null;
    }>('select id, kind, status, error_code, requested_by from operations where tenant_id = $1', [tenantId])
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byKindAndStatus = new Map<string, number>();
  const failedCodes = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.kind} ${r.status}`;
    byKindAndStatus.set(k, (byKindAndStatus.get(k) ?? 0) + 1);
    if (r.status === 'failed') failedCodes.set(r.error_code ?? '?', (failedCodes.get(r.error_code ?? '?') ?? 0) + 1);
  }
  const lost = submitted.flatMap((s) => (s.operationId && !byId.has(localOf(s.operationId)) ? [s.operationId] : []));
  const unansweredKeys = submitted.filter((s) => !s.operationId && !s.refused).map((s) => s.key);
  const recorded = unansweredKeys.length
    ? Number(
        (
          await db.query<{ n: string }>(
            'select count(*) as n from operations where tenant_id = $1 and idempotency_key = any($2::text[])',
            [tenantId, unansweredKeys],
          )
        ).rows[0]?.n ?? 0,
      )
    : 0;
  const refused = new Map<string, number>();
  for (const s of submitted) if (s.refused) refused.set(s.refused, (refused.get(s.refused) ?? 0) + 1);
  return {
    byKindAndStatus,
    total: rows.length,
    bySupervisor: rows.filter((r) => r.requested_by === null).length,
    stuck: rows.filter((r) => OPEN.includes(r.status)).map((r) => ({ id: r.id, kind: r.kind, status: r.status })),
    lost,
    unanswered: { total: unansweredKeys.length, recorded },
    refused,
    retried: submitted.filter((s) => s.retries > 0).length,
    failedCodes,
  };
}

/** One subscriber's delivery against the table, up to a snapshot id. */
export interface DeliveryResult {
  subscriber: Subscriber;
  expected: number;
  received: number;
  missing: number;
  duplicates: number;
  outOfOrder: number;
  /** The missing ids as ranges (`first-last`), the first few. */
  gaps: string[];
  /** Every missing id. */
  missingIds: string[];
  ok: boolean;
}

/** The positions (cursors) a subscriber's filter selects in (after, upTo], oldest first. */
async function expectedIds(db: pg.Pool, tenantId: string, sub: Subscriber, after: string, upTo: string) {
  const range = `${POSITION} > $AFTER::numeric and ${POSITION} <= $UPTO::numeric order by xact, id`;
  const r = sub.instanceId
    ? await db.query<{ id: string }>(
        `select ${POSITION}::text as id from events where tenant_id = $1 and instance_id = $2 and ${range.replace('$AFTER', '$3').replace('$UPTO', '$4')}`,
        [tenantId, localOf(sub.instanceId), after, upTo],
      )
    : await db.query<{ id: string }>(
        // The audit log's `audit.*` events go to the webhooks that name them, never to a feed.
        `select ${POSITION}::text as id from events where tenant_id = $1 and type not like 'audit.%' and ${range.replace('$AFTER', '$2').replace('$UPTO', '$3')}`,
        [tenantId, after, upTo],
      );
  return r.rows.map((x) => x.id);
}

/**
 * Whether every subscriber received every event of its filter in (after,
 * upTo] exactly once and in id order (cursor continuity), waiting up to
 * `waitMs` for stragglers to catch up first.
 */
export async function checkDeliveries(
  db: pg.Pool,
  tenantId: string,
  subscribers: Subscriber[],
  after: string,
  upTo: string,
  waitMs: number,
  /** Called once when the wait runs out with subscribers still behind (the soak dumps the replicas' streams). */
  onBehind?: (behind: Subscriber[]) => Promise<void>,
): Promise<DeliveryResult[]> {
  const expected = new Map<Subscriber, string[]>();
  for (const s of subscribers) expected.set(s, await expectedIds(db, tenantId, s, after, upTo));
  const caughtUp = (s: Subscriber) => {
    const want = expected.get(s)!;
    const last = want.at(-1);
    return last === undefined || s.cursors.some((c) => BigInt(c) >= BigInt(last));
  };
  const until = Date.now() + waitMs;
  while (Date.now() < until && !subscribers.every(caughtUp)) await new Promise((r) => setTimeout(r, 250));
  const behind = subscribers.filter((s) => !caughtUp(s));
  if (behind.length && onBehind) await onBehind(behind);
  return subscribers.map((s) => {
    const want = expected.get(s)!;
    const got = s.cursors.filter((c) => BigInt(c) <= BigInt(upTo));
    const seen = new Set<string>();
    let duplicates = 0;
    let outOfOrder = 0;
    for (let i = 0; i < got.length; i++) {
      if (seen.has(got[i]!)) duplicates++;
      seen.add(got[i]!);
      if (i > 0 && BigInt(got[i]!) <= BigInt(got[i - 1]!)) outOfOrder++;
    }
    const wanted = new Set(want);
    const missingIds = want.filter((id) => !seen.has(id));
    const missing = missingIds.length;
    const extra = [...seen].filter((id) => !wanted.has(id)).length;
    const gaps: string[] = [];
    for (let i = 0; i < want.length && gaps.length < 5; i++) {
      if (seen.has(want[i]!)) continue;
      let j = i;
      while (j + 1 < want.length && !seen.has(want[j + 1]!)) j++;
      gaps.push(i === j ? want[i]! : `${want[i]}-${want[j]} (${j - i + 1})`);
      i = j;
    }
    const ok = missing === 0 && duplicates === 0 && outOfOrder === 0 && extra === 0 && got.length === want.length;
    return {
      subscriber: s,
      expected: want.length,
      received: got.length,
      missing,
      duplicates,
      outOfOrder,
      gaps,
      missingIds,
      ok,
    };
  });
}
