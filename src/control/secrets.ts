import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { type Db, type DbHandle, withTransaction } from '../db/db-types.js';
import * as secrets from '../db/repositories/secret-repository.js';
import { type FieldError, ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { type Principal, Scopes } from './scopes.js';
import { openSecret, SECRET_KEY_BYTES, sealSecret } from './secret-crypto.js';

/** A secret as the API shows it: never its value. */
export interface SecretInfo {
  key: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Keys the control plane keeps for itself (config file contents); hidden from listings, refused to the API. */
export const INTERNAL_SECRET_PREFIX = '_config/';
/** Keys of provider credentials (the system vault: the default tenant's); only a SYSTEM token writes them. */
export const PROVIDER_CREDENTIAL_PREFIX = '_credentials/';
/** Largest value a client may put: 64 KiB of UTF-8. */
export const MAX_SECRET_VALUE_BYTES = 64 * 1024;
/** Largest value the control plane may keep for itself (a config file). */
export const MAX_INTERNAL_VALUE_BYTES = 1024 * 1024;
const KEY_CHARS = /^[A-Za-z0-9_.\-/]+$/;
const MAX_KEY_LENGTH = 128;
const MAX_INTERNAL_KEY_LENGTH = 512;

/** The problems with a client's secret key (empty when it is fine); `path` names the input field. */
export function secretKeyErrors(key: string, path: string[] = ['input', 'key']): FieldError[] {
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) {
    return [{ path, message: `must be 1 to ${MAX_KEY_LENGTH} characters` }];
  }
  if (!KEY_CHARS.test(key)) return [{ path, message: 'may contain only letters, digits, "_", ".", "-" and "/"' }];
  if (key.startsWith(INTERNAL_SECRET_PREFIX)) {
    return [{ path, message: `keys starting with "${INTERNAL_SECRET_PREFIX}" are reserved` }];
  }
  return [];
}

function toInfo(row: secrets.SecretMeta): SecretInfo {
  return { key: row.key, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * The tenant's vault. Values are encrypted at rest (AES-256-GCM) and only
 * ever leave it through `resolve`, at apply time, on their way to a provider.
 * Every client write records an audit event (key and version, never the value)
 * in the same transaction.
 */
export class SecretService {
  constructor(
    readonly db: DbHandle,
    readonly key: Buffer,
  ) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`the vault key must be ${SECRET_KEY_BYTES} bytes`);
  }

  /** Creates or replaces a secret of the caller's tenant; each put bumps its version. Needs `secrets:write`. */
  async put(caller: Principal, key: string, value: string): Promise<SecretInfo> {
    requireWrite(caller);
    requireSystemFor(caller, key);
    const problems = secretKeyErrors(key);
    if (Buffer.byteLength(value, 'utf8') > MAX_SECRET_VALUE_BYTES) {
      problems.push({ path: ['input', 'value'], message: `must be at most ${MAX_SECRET_VALUE_BYTES} bytes (UTF-8)` });
    }
    if (problems.length) throw new ValidationError(problems);
    return withTransaction(this.db, async (trx) => {
      const info = await this.#write(trx, caller.tenantId, key, value);
      await secrets.insertSecretEvent(trx, {
        tenantId: caller.tenantId,
        type: 'secret.put',
        actorTokenId: caller.tokenId,
        data: { key, version: info.version },
        message: `secret "${key}" ${info.version === 1 ? 'created' : 'updated'} (version ${info.version})`,
      });
      return info;
    });
  }

  /** Deletes a secret of the caller's tenant; a missing one (or a reserved key) is a NotFoundError. Needs `secrets:write`. */
  async delete(caller: Principal, key: string): Promise<void> {
    requireWrite(caller);
    requireSystemFor(caller, key);
    // A reserved key, or one no put could have stored (bad characters, too long), is simply not there.
    if (secretKeyErrors(key).length > 0) throw new NotFoundError(`secret "${printable(key)}"`);
    await withTransaction(this.db, async (trx) => {
      const row = await secrets.deleteSecret(trx, caller.tenantId, key);
      if (!row) throw new NotFoundError(`secret "${key}"`);
      await secrets.insertSecretEvent(trx, {
        tenantId: caller.tenantId,
        type: 'secret.deleted',
        actorTokenId: caller.tokenId,
        data: { key, version: row.version },
        message: `secret "${key}" deleted (was version ${row.version})`,
      });
    });
  }

  /**
   * Stores a value the control plane keeps for itself (a config file's content)
   * under a `_config/…` key: hidden from listings, no audit event (the operation
   * that needs it records its own). Pass `trx` to write inside a caller's transaction.
   */
  async putInternal(tenantId: string, key: string, value: string, trx?: Db): Promise<SecretInfo> {
    if (!key.startsWith(INTERNAL_SECRET_PREFIX) || key.length > MAX_INTERNAL_KEY_LENGTH || !KEY_CHARS.test(key)) {
      throw new Error(
        `internal secret keys start with "${INTERNAL_SECRET_PREFIX}", use only [A-Za-z0-9_.-/] and are at most ${MAX_INTERNAL_KEY_LENGTH} characters`,
      );
    }
    if (Buffer.byteLength(value, 'utf8') > MAX_INTERNAL_VALUE_BYTES) {
      throw new Error(`internal secret "${key}" is over ${MAX_INTERNAL_VALUE_BYTES} bytes`);
    }
    return this.#write(trx ?? this.db, tenantId, key, value);
  }

  /** Deletes the control plane's own values whose keys start with `prefix` (itself under `_config/`); returns how many. */
  async deleteInternal(tenantId: string, prefix: string, trx?: Db): Promise<number> {
    if (!prefix.startsWith(INTERNAL_SECRET_PREFIX)) {
      throw new Error(`internal secret prefixes start with "${INTERNAL_SECRET_PREFIX}"`);
    }
    return secrets.deleteSecretsWithPrefix(trx ?? this.db, tenantId, prefix);
  }

  /**
   * Clear values of `keys` for the provider call about to be made; a missing
   * key throws NotFoundError naming it, a value sealed under another vault key
   * throws SecretDecryptError (never showing ciphertext).
   */
  async resolve(tenantId: string, keys: readonly string[]): Promise<Record<string, string>> {
    const wanted = [...new Set(keys)];
    const rows = new Map((await secrets.findSecrets(this.db, tenantId, wanted)).map((r) => [r.key, r]));
    const values: Record<string, string> = {};
    for (const key of wanted) {
      const row = rows.get(key);
      if (!row) throw new NotFoundError(`secret "${key}"`);
      values[key] = openSecret(
        this.key,
        { tenantId, key },
        { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag },
      );
    }
    return values;
  }

  /** The keys among `keys` the tenant does not have, in the order given (checked at provision time, before anything is queued). */
  async missing(tenantId: string, keys: readonly string[]): Promise<string[]> {
    const wanted = [...new Set(keys)];
    const present = new Set(await secrets.findExistingKeys(this.db, tenantId, wanted));
    return wanted.filter((k) => !present.has(k));
  }

  /** A page of the tenant's secrets by key (no values; the control plane's own `_config/…` keys left out). */
  async list(tenantId: string, page: { limit: number; afterKey?: string }): Promise<SecretInfo[]> {
    const rows = await secrets.listSecrets(this.db, tenantId, { ...page, hidePrefix: INTERNAL_SECRET_PREFIX });
    return rows.map(toInfo);
  }

  async #write(db: Db, tenantId: string, key: string, value: string): Promise<SecretInfo> {
    const sealed = sealSecret(this.key, { tenantId, key }, value);
    const row = await secrets.upsertSecret(db, {
      id: randomUUID(),
      tenant_id: tenantId,
      key,
      ciphertext: sealed.ciphertext,
      iv: sealed.iv,
      auth_tag: sealed.authTag,
    });
    return toInfo(row);
  }
}

/** A key as an error message may quote it: bounded, and without control characters. */
function printable(key: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
  const clean = key.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 140 ? `${clean.slice(0, 140)}…` : clean;
}

/** Provider credentials authenticate the control plane itself: only SYSTEM writes them. */
function requireSystemFor(caller: Principal, key: string): void {
  if (key.startsWith(PROVIDER_CREDENTIAL_PREFIX) && !caller.scopes.has(Scopes.system)) {
    throw new ForbiddenError(`keys starting with "${PROVIDER_CREDENTIAL_PREFIX}" need the SYSTEM scope`, Scopes.system);
  }
}

function requireWrite(caller: Principal): void {
  if (!caller.scopes.has(Scopes.secretsWrite)) {
    throw new ForbiddenError('writing secrets needs the SECRETS_WRITE scope', Scopes.secretsWrite);
  }
}

/** Reads a 32-byte key written as 64 hex characters or base64 (a key file may also hold the raw bytes). */
export function parseSecretKey(text: string, setting = 'WHEELHOUSE_SECRET_KEY'): Buffer {
  const s = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) {
    const b = Buffer.from(s, s.includes('-') || s.includes('_') ? 'base64url' : 'base64');
    if (b.length === SECRET_KEY_BYTES) return b;
  }
  throw new ConfigError(setting, `must be ${SECRET_KEY_BYTES} bytes as 64 hex characters or base64`);
}

/**
 * The vault key: WHEELHOUSE_SECRET_KEY, else `<dataDir>/secret.key`, generated
 * once (32 random bytes, written as hex, mode 0600) on first start. Concurrent
 * first starts agree on one key. Several replicas on one Postgres must share
 * WHEELHOUSE_SECRET_KEY.
 */
export async function loadSecretKey(config: { secretKey: string | undefined; dataDir: string }): Promise<Buffer> {
  if (config.secretKey) return parseSecretKey(config.secretKey);
  const path = join(config.dataDir, 'secret.key');
  const existing = await readKeyFile(path);
  if (existing) return existing;
  try {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError(
      'WHEELHOUSE_DATA_DIR',
      `${config.dataDir} cannot be created (${(err as NodeJS.ErrnoException).code})`,
    );
  }
  // Write a complete file under a private name, then link it into place: the
  // link fails if another process got there first, and nobody reads half a key.
  const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(tmp, `${randomBytes(SECRET_KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError('WHEELHOUSE_SECRET_KEY', `cannot write ${path} (${(err as NodeJS.ErrnoException).code})`);
    }
  } finally {
    await unlink(tmp).catch(() => {});
  }
  const key = await readKeyFile(path);
  if (!key) throw new ConfigError('WHEELHOUSE_SECRET_KEY', `${path} vanished after it was written`);
  return key;
}

async function readKeyFile(path: string): Promise<Buffer | undefined> {
  let raw: Buffer;
  try {
    raw = await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new ConfigError('WHEELHOUSE_SECRET_KEY', `cannot read ${path} (${code})`);
  }
  const text = raw.toString('utf8').trim();
  if (raw.length === SECRET_KEY_BYTES && !/^[0-9a-fA-F]+$/.test(text)) return raw;
  return parseSecretKey(text, `WHEELHOUSE_SECRET_KEY (${path})`);
}
