import { randomBytes, randomUUID } from 'node:crypto';
import type { DbHandle } from '../db/db-types.js';
import type { SessionRow, UserRow } from '../db/identity-tables.js';
import * as identity from '../db/repositories/identity-repository.js';
import { findTenantByName } from '../db/repositories/tenant-repository.js';
import type { Role } from '../oidc-config.js';
import { ROLE_SCOPES } from './roles.js';
import { isScope, type Principal } from './scopes.js';
import { DEFAULT_TENANT } from './tenants.js';
import { hashToken } from './tokens.js';

/** A session lasts at most this long: the role is read again at the next sign-in. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** A person as the API shows them. */
export interface User {
  id: string;
  tenantId: string;
  subject: string;
  issuer: string;
  email: string | null;
  name: string | null;
  role: Role;
  lastSignInAt: Date | null;
}

/** What a verified ID token says of a person, and the role their groups map to. */
export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  role: Role;
  /** The tenant's name (WHEELHOUSE_OIDC_TENANT_CLAIM); undefined: tenant `default`. */
  tenant: string | undefined;
}

/** Told when a session ends, so its open sockets close at once. */
export type SessionEndListener = (sessionId: string) => void;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    subject: row.subject,
    issuer: row.issuer,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    lastSignInAt: row.last_sign_in_at,
  };
}

/** The audit actor of a person. */
export function userActor(user: User): NonNullable<Principal['actor']> {
  return { kind: 'USER', id: user.id, name: user.name ?? user.email };
}

/**
 * People's browser sessions. The cookie holds an opaque random id; only its
 * sha256 is stored. Each request reads the session from the database (no
 * cache), so signing out — or the 12-hour limit — takes effect at once on
 * every replica.
 */
export class SessionService {
  readonly #listeners = new Set<SessionEndListener>();
  /** The principals this service made: a session's, not a token's (a CLI sign-in's token also acts as a USER). */
  readonly #made = new WeakSet<Principal>();

  constructor(private readonly db: DbHandle) {}

  /**
   * Records a sign-in: the user (created, or updated with what the provider says now, role
   * included) and a new session with the role's scopes. Undefined when the tenant is unknown.
   */
  async signIn(who: SignInIdentity): Promise<{ secret: string; user: User; session: SessionRow } | undefined> {
    const user = await this.recordSignIn(who);
    if (!user) return undefined;
    const now = new Date();
    const secret = `whs_${randomBytes(32).toString('base64url')}`;
    const session = await identity.insertSession(this.db, {
      id: randomUUID(),
      tenant_id: user.tenantId,
      user_id: user.id,
      session_hash: hashToken(secret),
      scopes: [...ROLE_SCOPES[user.role]],
      expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    });
    // Old sessions are swept at sign-ins: they are few, and nothing else needs them gone sooner.
    await identity.deleteStaleSessions(this.db, now);
    return { secret, user, session };
  }

  /**
   * Records a sign-in without a browser session (the CLI's, which gets a token instead): the
   * user as the provider describes them now. Undefined when the tenant is unknown.
   */
  async recordSignIn(who: SignInIdentity): Promise<User | undefined> {
    const tenant = await findTenantByName(this.db, who.tenant ?? DEFAULT_TENANT);
    if (!tenant) return undefined;
    return toUser(
      await identity.upsertUser(
        this.db,
        {
          id: randomUUID(),
          tenant_id: tenant.id,
          issuer: who.issuer,
          subject: who.subject,
          email: who.email,
          name: who.name,
          role: who.role,
        },
        new Date(),
      ),
    );
  }

  /** The principal of a live session cookie, or undefined. */
  async authenticate(secret: string | undefined): Promise<Principal | undefined> {
    if (!secret) return undefined;
    const found = await identity.findLiveSessionByHash(this.db, hashToken(secret), new Date());
    if (!found) return undefined;
    const principal: Principal = {
      tenantId: found.session.tenant_id,
      tokenId: found.session.id,
      scopes: new Set(found.session.scopes.filter(isScope)),
      actor: userActor(toUser(found.user)),
    };
    this.#made.add(principal);
    return principal;
  }

  /** Whether a principal is a session's (its `tokenId` is the session's id). */
  isSession(principal: Principal): boolean {
    return this.#made.has(principal);
  }

  /** Ends the session of this cookie; its sockets close. Returns the ended session, if one was live. */
  async end(secret: string | undefined): Promise<SessionRow | undefined> {
    if (!secret) return undefined;
    const ended = await identity.endSessionByHash(this.db, hashToken(secret), new Date());
    if (ended) for (const l of this.#listeners) l(ended.id);
    return ended;
  }

  /** Whether a session principal's session is still live (subscriptions re-check this). */
  isLive(principal: Principal): Promise<boolean> {
    return identity.isSessionLive(this.db, principal.tenantId, principal.tokenId, new Date());
  }

  async usersByIds(tenantId: string, ids: readonly string[]): Promise<User[]> {
    return (await identity.findUsersByIds(this.db, tenantId, ids)).map(toUser);
  }

  onEnded(listener: SessionEndListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
