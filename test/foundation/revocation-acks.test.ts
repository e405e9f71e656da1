/**
 * A revocation returns only once every replica listening on the database has
 * dropped the token from its cache: each acknowledges on the channel, and the
 * revoker waits for every listener `pg_stat_activity` shows. Hearing its own
 * NOTIFY back is not enough, since each replica reads the NOTIFY off its own
 * socket in its own time (CI saw a replica still serve a revoked token).
 *
 * The other replicas here are plain server connections named as a replica's
 * listener names itself, so the test decides when (and whether) they answer.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Principal } from '../../src/control/scopes.js';
import { hashToken, TokenService } from '../../src/control/tokens.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { insertToken } from '../../src/db/repositories/token-repository.js';
import { REVOCATION_LISTENER_NAME, TOKEN_REVOKED_CHANNEL } from '../../src/db/token-revocations.js';
import { itOnPostgres, openPostgresDatabase, postgresServerUrl } from '../support/database.js';

let database: DatabaseHandle;
let service: TokenService;
const tenantId = randomUUID();
const replicas: pg.Client[] = [];
/**
 * Acknowledgements sent by the stand-ins: awaited before a stand-in's connection ends. The revoker
 * hears an ack's NOTIFY while its statement is still being answered, so ending the connection at
 * once could cut that statement off (seen under load as an unhandled "Connection terminated").
 */
const sent: Promise<unknown>[] = [];

/** Ends the stand-ins of a test, after the acknowledgements they sent are answered. */
async function endReplicas(): Promise<void> {
  await Promise.all(sent.splice(0));
  for (const c of replicas.splice(0)) await c.end();
}

/** A stand-in replica: listens like one and answers each revocation with `answer` (or never). */
async function replica(answer: ((ack: () => void) => void) | 'never'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: REVOCATION_LISTENER_NAME });
  await client.connect();
  replicas.push(client);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  client.on('notification', (msg) => {
    const payload = msg.payload ?? '';
    if (payload.startsWith('ack:') || answer === 'never') return;
    answer(() => {
      const ack = client.query('select pg_notify($1, $2)', [TOKEN_REVOKED_CHANNEL, `ack:${pid}:${payload}`]);
      // Handled here so a failure waits for endReplicas (which still rejects with it), not the event loop.
      ack.catch(() => {});
      sent.push(ack);
    });
  });
  await client.query(`listen ${TOKEN_REVOKED_CHANNEL}`);
  return client;
}

/** The per-file database the handle was opened on (the same server, the same database). */
function databaseUrl(): string {
  const url = new URL(postgresServerUrl()!);
  url.pathname = `/${currentDatabase}`;
  return url.toString();
}
let currentDatabase = '';

async function newToken(): Promise<{ caller: Principal; id: string }> {
  const id = randomUUID();
  await insertToken(database.db, {
    id,
    tenant_id: tenantId,
    name: `t-${id.slice(0, 8)}`,
    token_hash: hashToken(`whk_${id}`),
    scopes: ['read', 'admin'],
  });
  return { caller: { tenantId, tokenId: id, scopes: new Set(['read', 'admin']) }, id };
}

describe('revocation acknowledged by every replica', () => {
  beforeAll(async () => {
    if (!postgresServerUrl()) return;
    database = await openPostgresDatabase();
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(database.db);
    currentDatabase = rows[0]!.db;
    await database.db
      .insertInto('tenants')
      .values({ id: tenantId, name: `acks-${tenantId.slice(0, 8)}` })
      .execute();
    service = new TokenService(database.db);
    await service.listen(database);
  });
  afterAll(async () => {
    await Promise.allSettled(sent.splice(0));
    for (const c of replicas) await c.end().catch(() => {});
    await service?.stop();
    await database?.close();
  });

  itOnPostgres('returns only after a slow replica has acknowledged', async () => {
    let ackedAt = 0;
    await replica((ack) => {
      setTimeout(() => {
        ackedAt = performance.now();
        ack();
      }, 600);
    });
    const { caller, id } = await newToken();
    await service.revoke(caller, id);
    const returnedAt = performance.now();
    // The slow replica's answer was sent before revoke returned (its own NOTIFY came back long before).
    expect(ackedAt).toBeGreaterThan(0);
    expect(returnedAt).toBeGreaterThanOrEqual(ackedAt);
    await endReplicas();
  });

  itOnPostgres('a replica that never answers delays a revocation, it does not stop it', async () => {
    await replica('never');
    const { caller, id } = await newToken();
    const revoked = await service.revoke(caller, id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    const row = await database.db.selectFrom('api_tokens').select('revoked_at').where('id', '=', id).executeTakeFirst();
    expect(row?.revoked_at).toBeInstanceOf(Date);
    await endReplicas();
  });
});
