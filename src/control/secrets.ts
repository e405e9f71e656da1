import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Principal } from './scopes.js';

/** A secret as the API shows it: never its value. */
export interface SecretInfo {
  key: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The tenant's vault. Values are encrypted at rest (AES-256-GCM) and only
 * ever leave it through `resolve`, at apply time, on their way to a provider.
 */
export class SecretService {
  constructor(
    readonly db: Kysely<Database>,
    readonly key: Buffer,
  ) {}

  /** Creates or replaces a secret; each put bumps its version. */
  async put(_caller: Principal, _key: string, _value: string): Promise<SecretInfo> {
    throw new Error('not implemented');
  }

  /** Deletes a secret; a missing one is a NotFoundError. */
  async delete(_caller: Principal, _key: string): Promise<void> {
    throw new Error('not implemented');
  }

  /** Clear values of `keys` for the provider call about to be made; a missing key throws NotFoundError. */
  async resolve(_tenantId: string, _keys: readonly string[]): Promise<Record<string, string>> {
    throw new Error('not implemented');
  }

  /** Whether every key exists (checked at provision time, before anything is queued). */
  async missing(_tenantId: string, _keys: readonly string[]): Promise<string[]> {
    throw new Error('not implemented');
  }
}

/**
 * The vault key: WHEELHOUSE_SECRET_KEY, else a key generated once into the
 * data dir (several replicas on one Postgres must share WHEELHOUSE_SECRET_KEY).
 */
export async function loadSecretKey(_config: { secretKey: string | undefined; dataDir: string }): Promise<Buffer> {
  return Buffer.alloc(32);
}
