import type { ColumnType, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Who an API token was issued for, when not an ordinary token (a CLI sign-in, a token exchange). */
export interface StoredActor {
  kind: 'USER' | 'TRUST_POLICY';
  id: string;
  name: string | null;
}

/** `api_tokens.actor`: jsonb, null for ordinary tokens. */
export type ActorColumn = ColumnType<StoredActor | null, string | null | undefined, string | null>;

/** A person, as the OpenID Connect provider names them, in one tenant. */
export interface UserTable {
  id: string;
  tenant_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** VIEWER, DEPLOYER or ADMIN, as of the last sign-in. */
  role: string;
  last_sign_in_at: Timestamp;
  created_at: CreatedAt;
}

/** A browser session: only the sha256 of the cookie's id is kept. */
export interface SessionTable {
  id: string;
  tenant_id: string;
  user_id: string;
  session_hash: string;
  scopes: string[];
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: Timestamp;
}

/** A CI system's OIDC tokens traded for short-lived API tokens. */
export interface TrustPolicyTable {
  id: string;
  tenant_id: string;
  name: string;
  issuer: string;
  audience: string;
  subject_pattern: string;
  scopes: string[];
  token_ttl_seconds: number;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: Timestamp;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type NewSession = Insertable<SessionTable>;
export type TrustPolicyRow = Selectable<TrustPolicyTable>;
export type NewTrustPolicy = Insertable<TrustPolicyTable>;
