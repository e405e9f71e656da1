import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db/connect.js';
import type { ApiTokenRow } from '../db/database.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import type { StoredActor } from '../db/identity-tables.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import { findTenantsByIds } from '../db/repositories/tenant-repository.js';
import * as tokens from '../db/repositories/token-repository.js';
import { listenForRevocations, type RevocationFeed } from '../db/token-revocations.js';
import { noteAuditTarget } from './audit-context.js';
import { ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { ALL_SCOPES, covers, isScope, type Principal, type Scope, Scopes } from './scopes.js';
import { TOKEN_CACHE_LIMITS, VerifiedTokenCache } from './token-cache.js';

/** Whether `id` is uuid-shaped (ids in cursors and global ids are checked before they reach a uuid column). */
export const isUuid = tokens.isUuid;

const TOKEN_PREFIX = 'whk_';

/** A new random token secret. High entropy, so a fast hash is enough at rest. */
export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored instead of the secret. */
export function hashToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Reads `Bearer <token>` (case-insensitive scheme); anything else is no token. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** An ApiToken as the API shows it: never the secret, never its hash. */
export interface ApiToken {
  id: string;
  tenantId: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    scopes: row.scopes.filter(isScope),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Listeners told when a token is revoked, so open subscriptions on it close at once. */
export type RevocationListener = (tokenId: string) => void;

/** How often recorded token use is written, and how stale `lastUsedAt` may be. */
export const TOKEN_TOUCH = {
  /** A token's use is written at most once per this interval (per process; the SQL also refuses sooner). */
  everyMs: 60_000,
  /** Pending uses are written in one statement this long after the first of them. */
  flushDelayMs: 1_000,
} as const;

/** Issues, checks and revokes API tokens. */
export class TokenService {
  readonly #revocationListeners = new Set<RevocationListener>();
  readonly #cache = new VerifiedTokenCache();
  /** The cache is used only while the revocation feed is up: without it a revocation elsewhere could be missed. */
  #cacheLive = false;
  #feed: RevocationFeed | undefined;
  /** When each token's use was last queued for writing (ms), so it is written at most once a minute. */
  readonly #touchedAt = new LRUCache<string, number>({ max: TOKEN_CACHE_LIMITS.max, ttl: TOKEN_TOUCH.everyMs });
  readonly #pendingTouches = new Set<string>();
  #touchTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: DbHandle) {}

  /**
   * Starts trusting the verified-token cache: from now on revocations on any
   * replica sharing `database` reach this process (NOTIFY). Until this is
   * called, and whenever the feed is down, every request reads the database.
   */
  async listen(database: DatabaseHandle): Promise<void> {
    this.#feed = await listenForRevocations(database, {
      revoked: (tokenId) => this.#cache.evictToken(tokenId),
      up: () => {
        this.#cacheLive = true;
      },
      down: () => {
        this.#cacheLive = false;
        this.#cache.clear();
      },
    });
  }

  /** Stops the revocation feed and writes pending token use. */
  async stop(): Promise<void> {
    this.#cacheLive = false;
    this.#cache.clear();
    await this.#feed?.stop();
    this.#feed = undefined;
    clearTimeout(this.#touchTimer);
    this.#touchTimer = undefined;
    await this.#flushTouches();
  }

  /** The principal for a bearer secret, or undefined when it is unknown, revoked or expired. */
  async authenticate(secret: string | undefined): Promise<Principal | undefined> {
    if (!secret) return undefined;
    const hash = hashToken(secret);
    const now = Date.now();
    const cached = this.#cacheLive ? this.#cache.get(hash, now) : undefined;
    if (cached) {
      this.#touch(cached.tokenId, now);
      return cached;
    }
    const generation = this.#cache.generation;
    const row = await tokens.findLiveTokenByHash(this.db, hash);
    if (!row) return undefined;
    const principal: Principal = {
      tenantId: row.tenant_id,
      tokenId: row.id,
      scopes: new Set(row.scopes.filter(isScope)),
      tokenName: row.name,
      // Issued for a person (CLI sign-in) or a CI system (token exchange): what it does is theirs.
      ...(row.actor ? { actor: row.actor } : {}),
    };
    if (this.#cacheLive) this.#cache.set(hash, principal, row.expires_at, generation);
    this.#touch(row.id, now);
    return principal;
  }

  /** Queues a write of `lastUsedAt`, at most once a minute per token, off the request path. */
  #touch(tokenId: string, now: number): void {
    const last = this.#touchedAt.get(tokenId);
    if (last !== undefined && now - last < TOKEN_TOUCH.everyMs) return;
    this.#touchedAt.set(tokenId, now);
    this.#pendingTouches.add(tokenId);
    if (!this.#touchTimer) {
      this.#touchTimer = setTimeout(() => {
        this.#touchTimer = undefined;
        void this.#flushTouches();
      }, TOKEN_TOUCH.flushDelayMs);
      this.#touchTimer.unref();
    }
  }

  #flushTouches(): Promise<void> {
    if (this.#pendingTouches.size === 0) return this.#flushing;
    const ids = [...this.#pendingTouches];
    this.#pendingTouches.clear();
    // Last-used is bookkeeping: a failure to record it must not fail anything.
    this.#flushing = this.#flushing.then(() => tokens.touchTokens(this.db, ids, new Date()).catch(() => {}));
    return this.#flushing;
  }

  /** Whether the token behind a principal is still live (checked on every subscription event). */
  async isLive(principal: Principal): Promise<boolean> {
    const rows = await tokens.findTokensByIds(this.db, principal.tenantId, [principal.tokenId]);
    const row = rows[0];
    return !!row && !row.revoked_at && (!row.expires_at || row.expires_at > new Date());
  }

  /**
   * Issues a token. The caller needs `admin` for its own tenant or `system`
   * for any; nobody can grant a scope they do not hold (or one a held scope implies:
   * EXEC grants LOGS, see `covers`).
   */
  async create(
    caller: Principal,
    input: { tenantId?: string | null; name: string; scopes: Scope[]; expiresAt?: Date | null },
  ): Promise<{ secret: string; token: ApiToken }> {
    const tenantId = input.tenantId ?? caller.tenantId;
    if (tenantId !== caller.tenantId && !caller.scopes.has(Scopes.system)) {
      // Another tenant's id is answered like a missing one.
      throw new NotFoundError('tenant');
    }
    if (!caller.scopes.has(Scopes.admin) && !caller.scopes.has(Scopes.system)) {
      throw new ForbiddenError('creating tokens needs the ADMIN scope', Scopes.admin);
    }
    const name = input.name.trim();
    if (!name || name.length > 100) throw ValidationError.of(['input', 'name'], 'must be 1 to 100 characters');
    // A label for people: no control characters (Postgres text cannot even hold NUL).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
    if (/[\u0000-\u001f\u007f]/.test(name)) {
      throw ValidationError.of(['input', 'name'], 'must not contain control characters');
    }
    // An unpaired UTF-16 surrogate is not a character; Postgres refuses it in the audit event's JSON.
    if (!name.isWellFormed())
      throw ValidationError.of(['input', 'name'], 'must be valid Unicode (an unpaired surrogate is not)');
    if (input.scopes.length === 0) throw ValidationError.of(['input', 'scopes'], 'must name at least one scope');
    for (const s of input.scopes) {
      if (!covers(caller.scopes, s)) {
        throw new ForbiddenError(`cannot grant ${s}: the calling token does not hold it`, s);
      }
    }
    if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
      throw ValidationError.of(['input', 'expiresAt'], 'must be in the future');
    }
    const secret = generateTokenSecret();
    const scopes = [...new Set(input.scopes)];
    const row = await withTransaction(this.db, async (trx) => {
      if (
        tenantId !== caller.tenantId &&
        (!tokens.isUuid(tenantId) || (await findTenantsByIds(trx, [tenantId])).length === 0)
      ) {
        // SYSTEM naming a tenant that does not exist: the same answer as a foreign one.
        throw new NotFoundError('tenant');
      }
      const inserted = await this.#insert(trx, tenantId, secret, {
        name,
        scopes,
        createdBy: caller.tokenId,
        expiresAt: input.expiresAt ?? null,
      });
      noteAuditTarget('ApiToken', inserted.id);
      return inserted;
    });
    return { secret, token: toApiToken(row) };
  }

  /**
   * Issues a token on behalf of `actor` (a person signed in through the CLI, a CI system under a
   * trust policy) with exactly `scopes`: the caller has already decided they are allowed. The
   * event names the actor, never the secret.
   */
  async issueFor(
    tenantId: string,
    input: { name: string; scopes: readonly Scope[]; expiresAt: Date; actor: StoredActor; createdBy?: string },
  ): Promise<{ secret: string; token: ApiToken }> {
    const secret = generateTokenSecret();
    const scopes = [...new Set(input.scopes)];
    const row = await withTransaction(this.db, async (trx) => {
      const inserted = await this.#insert(trx, tenantId, secret, {
        name: input.name,
        scopes,
        createdBy: input.createdBy ?? null,
        expiresAt: input.expiresAt,
        actor: input.actor,
      });
      return inserted;
    });
    return { secret, token: toApiToken(row) };
  }

  /**
   * Writes a token and its `token.created` event (the record of who issued
   * which token with what scopes; never the secret or its hash).
   */
  async #insert(
    trx: DbTransaction,
    tenantId: string,
    secret: string,
    t: { name: string; scopes: Scope[]; createdBy: string | null; expiresAt: Date | null; actor?: StoredActor },
  ) {
    const inserted = await tokens.insertToken(trx, {
      id: randomUUID(),
      tenant_id: tenantId,
      name: t.name,
      token_hash: hashToken(secret),
      scopes: t.scopes,
      created_by: t.createdBy,
      expires_at: t.expiresAt,
      ...(t.actor ? { actor: json(t.actor) } : {}),
    });
    await appendEvents(trx, [
      {
        tenant_id: tenantId,
        type: 'token.created',
        actor_token_id: t.actor ? null : t.createdBy,
        message: `API token "${t.name}" ${t.actor ? 'issued' : 'created'} (${t.scopes.join(', ')})`,
        data: json({
          tokenId: inserted.id,
          name: t.name,
          scopes: t.scopes,
          expiresAt: inserted.expires_at ? inserted.expires_at.toISOString() : null,
          ...(t.actor ? { actor: t.actor } : {}),
        }),
      },
    ]);
    return inserted;
  }

  /** Makes a token with a known secret (the bootstrap token) exist; idempotent. */
  async ensureToken(
    tenantId: string,
    name: string,
    secret: string,
    scopes: readonly Scope[] = ALL_SCOPES,
  ): Promise<void> {
    await tokens.ensureToken(this.db, {
      id: randomUUID(),
      tenant_id: tenantId,
      name,
      token_hash: hashToken(secret),
      scopes: [...scopes],
    });
  }

  async count(): Promise<number> {
    return tokens.countTokens(this.db);
  }

  /**
   * Revokes a token of the caller's tenant, or of any tenant for `system`
   * (for anyone else another tenant's is a NotFoundError, like a missing one). Revoking it again is harmless and
   * keeps the first revocation time; only the first records an event.
   */
  async revoke(caller: Principal, id: string): Promise<ApiToken> {
    // Collecting every replica's acknowledgement starts before the commit: one may answer at once.
    const delivery = this.#feed?.expect(id.toLowerCase());
    const row = await withTransaction(this.db, async (trx) => {
      // SYSTEM may revoke any tenant's token (a leaked one must be stoppable by the
      // operator); everyone else reaches only their own tenant's.
      const tenantId = caller.scopes.has(Scopes.system)
        ? ((await tokens.findTokenById(trx, id))?.tenant_id ?? caller.tenantId)
        : caller.tenantId;
      const revoked = await tokens.revokeToken(trx, tenantId, id, new Date());
      if (!revoked) throw new NotFoundError('token');
      // Every replica drops the token from its cache when this commits.
      await tokens.announceRevocation(trx, revoked.row.id);
      if (revoked.revokedNow) {
        await appendEvents(trx, [
          {
            // In the token's tenant, so that tenant's feed shows who revoked it (the actor may be an operator's).
            tenant_id: revoked.row.tenant_id,
            type: 'token.revoked',
            actor_token_id: caller.tokenId,
            message: `API token "${revoked.row.name}" revoked`,
            data: json({ tokenId: revoked.row.id, name: revoked.row.name }),
          },
        ]);
      }
      return revoked.row;
    }).catch((err: unknown) => {
      delivery?.cancel();
      throw err;
    });
    this.#cache.evictToken(row.id);
    // This replica's streams and sockets of the token end now, not after the other replicas answer:
    // under load that wait outlasted the streams' periodic re-check, which ended the streams first,
    // and the client then closed its socket itself before it could be closed with 4401.
    for (const l of this.#revocationListeners) l(row.id);
    // Every replica has dropped it from its cache once this returns (token-revocations.ts), so the
    // caller's next request anywhere is refused.
    await delivery?.wait();
    return toApiToken(row);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<ApiToken[]> {
    return (await tokens.findTokensByIds(this.db, tenantId, ids)).map(toApiToken);
  }

  /**
   * A page of a tenant's tokens: the caller's own, or (with `system`) any
   * tenant's. Without `system` another tenant is a ForbiddenError, whether it
   * exists or not. SYSTEM listing another tenant's tokens is recorded in that
   * tenant's feed (`token.listed`).
   */
  async list(
    caller: Principal,
    tenantId: string | undefined,
    page: Parameters<typeof tokens.listTokens>[2],
  ): Promise<ApiToken[]> {
    const target = tenantId ?? caller.tenantId;
    if (target === caller.tenantId) return (await tokens.listTokens(this.db, target, page)).map(toApiToken);
    if (!caller.scopes.has(Scopes.system)) {
      throw new ForbiddenError("listing another tenant's tokens needs the SYSTEM scope", Scopes.system);
    }
    const rows = await withTransaction(this.db, async (trx) => {
      if ((await findTenantsByIds(trx, [target])).length === 0) throw new NotFoundError('tenant');
      const found = await tokens.listTokens(trx, target, page);
      await appendEvents(trx, [
        {
          tenant_id: target,
          type: 'token.listed',
          actor_token_id: caller.tokenId,
          message: "the tenant's API tokens listed by an operator",
          data: json({ tokenIds: found.map((r) => r.id) }),
        },
      ]);
      return found;
    });
    return rows.map(toApiToken);
  }

  onRevoked(listener: RevocationListener): () => void {
    this.#revocationListeners.add(listener);
    return () => this.#revocationListeners.delete(listener);
  }
}
