import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/control/errors.js';
import { SecretDecryptError } from '../../src/control/secret-crypto.js';
import { SecretService } from '../../src/control/secrets.js';
import { graphql } from '../generated/gql.js';
import { execute, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';

const PutSecret = graphql(`
  mutation SecretsPut($input: PutSecretInput!) {
    putSecret(input: $input) {
      __typename
      ... on PutSecretPayload { secret { key version createdAt updatedAt } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on ForbiddenError { message requiredScope }
    }
  }
`);

const DeleteSecret = graphql(`
  mutation SecretsDelete($input: DeleteSecretInput!) {
    deleteSecret(input: $input) {
      __typename
      ... on DeleteSecretPayload { key }
      ... on NotFoundError { message }
      ... on ForbiddenError { message requiredScope }
    }
  }
`);

const ListSecrets = graphql(`
  query SecretsList($first: Int, $after: String) {
    secrets(first: $first, after: $after) {
      edges { cursor node { key version createdAt updatedAt } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`);

const SecretTypeFields = graphql(`
  query SecretsTypeFields {
    __type(name: "Secret") { fields { name } }
  }
`);

/** A value nobody could mistake for anything else, to look for in the database and responses. */
const recognisable = () => `clear-VALUE-${randomUUID()}`;

describe('secrets', () => {
  let t: TestApp;
  let tenant: TestTenant;
  /** Every raw response body, to check no value ever left the vault through the API. */
  const responses: string[] = [];

  const put = async (token: string, key: string, value: string) => {
    const r = await execute(t.url, token, PutSecret, { input: { key, value } });
    responses.push(JSON.stringify(r));
    expect(r.errors).toBeUndefined();
    return r.data!.putSecret;
  };
  const del = async (token: string, key: string) => {
    const r = await execute(t.url, token, DeleteSecret, { input: { key } });
    responses.push(JSON.stringify(r));
    expect(r.errors).toBeUndefined();
    return r.data!.deleteSecret;
  };
  const list = async (token: string, first?: number, after?: string) => {
    const data = await query(t.url, token, ListSecrets, { first, after });
    responses.push(JSON.stringify(data));
    return data.secrets;
  };

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('creates a secret at version 1 and bumps the version on every put', async () => {
    const first = await put(tenant.token, 'db/password', recognisable());
    expect(first.__typename).toBe('PutSecretPayload');
    if (first.__typename !== 'PutSecretPayload') return;
    expect(first.secret.key).toBe('db/password');
    expect(first.secret.version).toBe(1);

    const second = await put(tenant.token, 'db/password', recognisable());
    if (second.__typename !== 'PutSecretPayload') throw new Error(second.__typename);
    expect(second.secret.version).toBe(2);
    expect(second.secret.createdAt).toBe(first.secret.createdAt);
    expect(new Date(second.secret.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.secret.updatedAt).getTime(),
    );

    const value = recognisable();
    await put(tenant.token, 'db/password', value);
    expect(await t.app.services.secrets.resolve(tenant.tenantId, ['db/password'])).toEqual({ 'db/password': value });
  });

  it('gives every concurrent put of one key its own version', async () => {
    const key = `race.${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => put(tenant.token, key, recognisable())));
    const versions = results
      .map((r) => (r.__typename === 'PutSecretPayload' ? r.secret.version : 0))
      .sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lists keys and versions, never values, with keyset pagination', async () => {
    const other = await t.newTenant();
    for (const key of ['c', 'a', 'e', 'b', 'd']) await put(other.token, `app.${key}`, recognisable());
    await put(other.token, 'app.c', recognisable());
    // The control plane's own values (config file contents) are not listed.
    await t.app.services.secrets.putInternal(other.tenantId, '_config/instance-1/web/app.yaml', 'port: 80');

    const seen: { key: string; version: number }[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await list(other.token, 2, after);
      pages++;
      seen.push(...page.edges.map((e) => ({ key: e.node.key, version: e.node.version })));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== undefined);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor ?? undefined;
      // A put between pages does not shift the pages that follow.
      if (pages === 1) await put(other.token, 'app.0', recognisable());
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([
      { key: 'app.a', version: 1 },
      { key: 'app.b', version: 1 },
      { key: 'app.c', version: 2 },
      { key: 'app.d', version: 1 },
      { key: 'app.e', version: 1 },
    ]);

    const fields = await query(t.url, other.token, SecretTypeFields);
    expect(fields.__type?.fields?.map((f) => f.name).sort()).toEqual(['createdAt', 'key', 'updatedAt', 'version']);

    const empty = await list(other.token, 0);
    expect(empty.edges).toEqual([]);
    expect(empty.pageInfo.hasNextPage).toBe(true);
  });

  it('rejects a cursor it did not make and an oversized page', async () => {
    const bad = await execute(t.url, tenant.token, ListSecrets, { after: 'nonsense!' });
    expect(bad.errors?.[0]?.message).toMatch(/after/);
    const big = await execute(t.url, tenant.token, ListSecrets, { first: 101 });
    expect(big.errors?.[0]?.message).toMatch(/first/);
  });

  it('deletes a secret; deleting it again is NotFoundError', async () => {
    await put(tenant.token, 'to-delete', recognisable());
    const gone = await del(tenant.token, 'to-delete');
    expect(gone).toEqual({ __typename: 'DeleteSecretPayload', key: 'to-delete' });
    expect((await list(tenant.token, 100)).edges.map((e) => e.node.key)).not.toContain('to-delete');
    expect(await t.app.services.secrets.missing(tenant.tenantId, ['to-delete', 'db/password'])).toEqual(['to-delete']);

    const again = await del(tenant.token, 'to-delete');
    expect(again.__typename).toBe('NotFoundError');
    const never = await del(tenant.token, 'never-existed');
    expect(never.__typename).toBe('NotFoundError');
    // The control plane's own keys are not the API's to delete.
    await t.app.services.secrets.putInternal(tenant.tenantId, '_config/x/y', 'content');
    expect((await del(tenant.token, '_config/x/y')).__typename).toBe('NotFoundError');
    expect(await t.app.services.secrets.resolve(tenant.tenantId, ['_config/x/y'])).toEqual({
      '_config/x/y': 'content',
    });
  });

  it('keeps tenants apart: another tenant cannot see, read or delete a secret (NotFound, as if missing)', async () => {
    const mine = await t.newTenant();
    const theirs = await t.newTenant();
    const value = recognisable();
    await put(mine.token, 'shared-name', value);

    expect((await list(theirs.token, 100)).edges).toEqual([]);
    const stolen = await del(theirs.token, 'shared-name');
    expect(stolen.__typename).toBe('NotFoundError');
    const missing = await del(theirs.token, 'no-such-key');
    if (stolen.__typename !== 'NotFoundError' || missing.__typename !== 'NotFoundError')
      throw new Error('expected NotFound');
    expect(stolen.message.replace('shared-name', 'K')).toBe(missing.message.replace('no-such-key', 'K'));
    await expect(t.app.services.secrets.resolve(theirs.tenantId, ['shared-name'])).rejects.toThrow(NotFoundError);

    // Their own secret of the same name is theirs alone.
    const theirValue = recognisable();
    const created = await put(theirs.token, 'shared-name', theirValue);
    expect(created.__typename === 'PutSecretPayload' && created.secret.version).toBe(1);
    expect(await t.app.services.secrets.resolve(mine.tenantId, ['shared-name'])).toEqual({ 'shared-name': value });
    expect(await t.app.services.secrets.resolve(theirs.tenantId, ['shared-name'])).toEqual({
      'shared-name': theirValue,
    });
  });

  it('needs SECRETS_WRITE to put or delete (typed ForbiddenError), READ to list', async () => {
    const reader = await t.newToken(tenant.tenantId, ['read', 'deploy', 'admin']);
    const denied = await put(reader, 'nope', recognisable());
    expect(denied).toMatchObject({ __typename: 'ForbiddenError', requiredScope: 'SECRETS_WRITE' });
    const deniedDelete = await del(reader, 'db/password');
    expect(deniedDelete).toMatchObject({ __typename: 'ForbiddenError', requiredScope: 'SECRETS_WRITE' });
    expect(await t.app.services.secrets.missing(tenant.tenantId, ['nope', 'db/password'])).toEqual(['nope']);

    const writer = await t.newToken(tenant.tenantId, ['secrets:write']);
    expect((await put(writer, 'writer-only', recognisable())).__typename).toBe('PutSecretPayload');
    const noRead = await execute(t.url, writer, ListSecrets, {});
    expect(noRead.data ?? null).toBeNull();
    expect(noRead.errors?.[0]?.message).toMatch(/READ/);
  });

  it('validates the key and the value with field paths', async () => {
    const cases: [string, string, string[][]][] = [
      ['', 'v', [['input', 'key']]],
      ['k'.repeat(129), 'v', [['input', 'key']]],
      ['has space', 'v', [['input', 'key']]],
      ['ümlaut', 'v', [['input', 'key']]],
      ['_config/mine', 'v', [['input', 'key']]],
      ['ok', 'x'.repeat(64 * 1024 + 1), [['input', 'value']]],
      ['ok', 'é'.repeat(32 * 1024 + 1), [['input', 'value']]],
      [
        'bad key',
        'x'.repeat(64 * 1024 + 1),
        [
          ['input', 'key'],
          ['input', 'value'],
        ],
      ],
    ];
    for (const [key, value, paths] of cases) {
      const r = await put(tenant.token, key, value);
      if (r.__typename !== 'ValidationError') throw new Error(`${key}: expected ValidationError, got ${r.__typename}`);
      expect(r.fieldErrors.map((e) => e.path)).toEqual(paths);
    }
    expect(await t.app.services.secrets.missing(tenant.tenantId, ['ok'])).toEqual(['ok']);

    const edge = await put(tenant.token, `${'k'.repeat(120)}/A-Z_0.9`, 'x'.repeat(64 * 1024));
    expect(edge.__typename).toBe('PutSecretPayload');
  });

  it('stores only ciphertext, audits writes without the value, and never returns a value', async () => {
    const audited = await t.newTenant();
    const value = recognisable();
    const forms = [value, Buffer.from(value).toString('base64'), Buffer.from(value).toString('hex')];
    await put(audited.token, 'api/key', value);
    await put(audited.token, 'api/key', value);
    await del(audited.token, 'api/key');
    await put(audited.token, 'api/key', value);

    const rows = await t.database.db
      .selectFrom('secrets')
      .selectAll()
      .where('tenant_id', '=', audited.tenantId)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.version).toBe(1);
    // Every column, as text, straight from the database.
    const asText = await sql<{
      row: string;
    }>`select secrets::text as row from secrets where tenant_id = ${audited.tenantId}`.execute(t.database.db);
    expect(asText.rows[0]?.row).toContain(row.ciphertext);
    const stored = JSON.stringify(row) + JSON.stringify(asText.rows);
    for (const f of forms) expect(stored).not.toContain(f);
    expect(Buffer.from(row.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(row.auth_tag, 'base64')).toHaveLength(16);

    const tokenRow = await t.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('tenant_id', '=', audited.tenantId)
      .executeTakeFirstOrThrow();
    // The domain events (each write's audit log entry, test/security/audit-log.test.ts, has an audit.entry beside it).
    const events = await t.database.db
      .selectFrom('events')
      .selectAll()
      .where('tenant_id', '=', audited.tenantId)
      .where('type', 'not like', 'audit.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.type, e.data, e.actor_token_id])).toEqual([
      ['secret.put', { key: 'api/key', version: 1 }, tokenRow.id],
      ['secret.put', { key: 'api/key', version: 2 }, tokenRow.id],
      ['secret.deleted', { key: 'api/key', version: 2 }, tokenRow.id],
      ['secret.put', { key: 'api/key', version: 1 }, tokenRow.id],
    ]);
    for (const e of events) expect(e.message).toContain('api/key');
    const eventText = JSON.stringify(events);
    for (const f of forms) expect(eventText).not.toContain(f);

    // Nothing the API answered in this whole file carried a value.
    const everything = responses.join('\n');
    expect(everything).not.toMatch(/clear-VALUE-/);
    expect(everything).not.toContain(Buffer.from('clear-VALUE-').toString('base64').slice(0, 12));
  });

  it('decrypts with the same key after a restart, and fails cleanly with another key', async () => {
    const vault = await t.newTenant();
    const value = recognisable();
    await put(vault.token, 'survives', value);
    const key = t.app.services.secrets.key;

    const restarted = new SecretService(t.database.db, Buffer.from(key));
    expect(await restarted.resolve(vault.tenantId, ['survives'])).toEqual({ survives: value });

    const wrong = new SecretService(t.database.db, randomBytes(32));
    const error = await wrong.resolve(vault.tenantId, ['survives']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretDecryptError);
    const row = await t.database.db
      .selectFrom('secrets')
      .select(['ciphertext', 'auth_tag'])
      .where('tenant_id', '=', vault.tenantId)
      .executeTakeFirstOrThrow();
    expect((error as Error).message).toContain('survives');
    expect((error as Error).message).not.toContain(row.ciphertext);
    expect((error as Error).message).not.toContain(value);

    // A missing key is named.
    await expect(restarted.resolve(vault.tenantId, ['survives', 'absent'])).rejects.toThrow(/"absent" not found/);
  });

  it('a ciphertext moved to another tenant or key does not decrypt', async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    await put(a.token, 'origin', recognisable());
    await put(b.token, 'target', recognisable());
    await put(a.token, 'renamed', recognisable());
    const src = await t.database.db
      .selectFrom('secrets')
      .select(['ciphertext', 'iv', 'auth_tag'])
      .where('tenant_id', '=', a.tenantId)
      .where('key', '=', 'origin')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('secrets')
      .set(src)
      .where('tenant_id', '=', b.tenantId)
      .where('key', '=', 'target')
      .execute();
    await t.database.db
      .updateTable('secrets')
      .set(src)
      .where('tenant_id', '=', a.tenantId)
      .where('key', '=', 'renamed')
      .execute();
    await expect(t.app.services.secrets.resolve(b.tenantId, ['target'])).rejects.toThrow(SecretDecryptError);
    await expect(t.app.services.secrets.resolve(a.tenantId, ['renamed'])).rejects.toThrow(SecretDecryptError);
    expect(Object.keys(await t.app.services.secrets.resolve(a.tenantId, ['origin']))).toEqual(['origin']);
  });
});
