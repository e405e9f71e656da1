import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { DbHandle } from '../db/db-types.js';
import type { TrustPolicyRow } from '../db/identity-tables.js';
import * as policies from '../db/repositories/trust-policy-repository.js';
import { type FieldError, ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { covers, isScope, type Principal, type Scope, Scopes } from './scopes.js';
import type { TokenService } from './tokens.js';
import { issuerErrors, subjectMatches, TOKEN_TTL_LIMITS, textErrors } from './trust-policy-rules.js';

/** A trust policy as the API shows it. */
export interface TrustPolicy {
  id: string;
  tenantId: string;
  name: string;
  issuer: string;
  audience: string;
  subjectPattern: string;
  scopes: Scope[];
  tokenTtlSeconds: number;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface CreateTrustPolicy {
  name: string;
  issuer: string;
  audience: string;
  subjectPattern: string;
  scopes: Scope[];
  tokenTtlSeconds?: number | null;
}

/** How issuers' signing keys are fetched and cached. */
export interface JwksOptions {
  /** After an unknown key id, no refetch sooner than this (jose's default: 30 s). */
  cooldownMs?: number;
  /** Keys are refetched at the latest after this (jose's default: 10 min). */
  cacheMaxAgeMs?: number;
  /** One fetch's limit. */
  timeoutMs?: number;
}

/** A token exchanged for a CI system's OIDC token. */
export interface ExchangedToken {
  secret: string;
  expiresInSeconds: number;
  scopes: Scope[];
}

function toTrustPolicy(row: TrustPolicyRow): TrustPolicy {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    issuer: row.issuer,
    audience: row.audience,
    subjectPattern: row.subject_pattern,
    scopes: row.scopes.filter(isScope),
    tokenTtlSeconds: row.token_ttl_seconds,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/**
 * Trust policies and the token exchange (RFC 8693): a CI system's OIDC token, verified against
 * its issuer's published keys, is traded for a short-lived API token with exactly the matching
 * policy's scopes. A policy never grants SYSTEM, nor a scope its creator does not hold.
 */
export class TrustPolicyService {
  /** Per issuer: its key set (jose caches the keys and refetches on an unknown key id). */
  readonly #keySets = new Map<string, { keys: JWTVerifyGetKey; until: number }>();

  constructor(
    private readonly db: DbHandle,
    private readonly tokens: TokenService,
    private readonly jwks: JwksOptions = {},
  ) {}

  async create(caller: Principal, input: CreateTrustPolicy): Promise<TrustPolicy> {
    if (!caller.scopes.has(Scopes.admin)) {
      throw new ForbiddenError('creating trust policies needs the ADMIN scope', Scopes.admin);
    }
    const problems: FieldError[] = [
      ...textErrors(input.name, 'name', 100),
      ...issuerErrors(input.issuer),
      ...textErrors(input.audience, 'audience', 200),
      ...textErrors(input.subjectPattern, 'subjectPattern', 300),
    ];
    const ttl = input.tokenTtlSeconds ?? TOKEN_TTL_LIMITS.default;
    if (!Number.isInteger(ttl) || ttl < TOKEN_TTL_LIMITS.min || ttl > TOKEN_TTL_LIMITS.max) {
      problems.push({
        path: ['input', 'tokenTtlSeconds'],
        message: `must be ${TOKEN_TTL_LIMITS.min} to ${TOKEN_TTL_LIMITS.max} seconds`,
      });
    }
    if (input.scopes.length === 0)
      problems.push({ path: ['input', 'scopes'], message: 'must name at least one scope' });
    if (input.scopes.includes(Scopes.system)) {
      problems.push({ path: ['input', 'scopes'], message: 'a trust policy can never grant SYSTEM' });
    }
    if (problems.length > 0) throw new ValidationError(problems);
    for (const s of input.scopes) {
      if (!covers(caller.scopes, s)) throw new ForbiddenError(`cannot grant ${s}: you do not hold it`, s);
    }
    const row = await policies.insertTrustPolicy(this.db, {
      id: randomUUID(),
      tenant_id: caller.tenantId,
      name: input.name.trim(),
      issuer: input.issuer.replace(/\/+$/, ''),
      audience: input.audience,
      subject_pattern: input.subjectPattern,
      scopes: [...new Set(input.scopes)],
      token_ttl_seconds: ttl,
      created_by: caller.tokenId,
    });
    return toTrustPolicy(row);
  }

  async list(caller: Principal): Promise<TrustPolicy[]> {
    return (await policies.listTrustPolicies(this.db, caller.tenantId)).map(toTrustPolicy);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<TrustPolicy[]> {
    return (await policies.findTrustPoliciesByIds(this.db, tenantId, ids)).map(toTrustPolicy);
  }

  /** Deletes one of the caller's tenant's policies; tokens it issued run out on their own (they are short). */
  async delete(caller: Principal, id: string): Promise<void> {
    if (!(await policies.deleteTrustPolicy(this.db, caller.tenantId, id))) throw new NotFoundError('trust policy');
  }

  /**
   * Trades a CI system's JWT for an API token, or undefined for anything that does not verify:
   * no policy for its issuer and audience, a bad signature, an expired token, a subject no
   * policy matches. Why is never told (the caller answers 401 alone).
   */
  async exchange(
    subjectToken: string,
  ): Promise<{ token: ExchangedToken; policy: TrustPolicy; subject: string } | undefined> {
    let claims: ReturnType<typeof decodeJwt>;
    try {
      // Unverified, only to find the candidate policies; nothing is trusted before jwtVerify.
      claims = decodeJwt(subjectToken);
    } catch {
      return undefined;
    }
    if (typeof claims.iss !== 'string') return undefined;
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
    const candidates = await policies.findTrustPoliciesForIssuer(this.db, claims.iss.replace(/\/+$/, ''), audiences);
    if (candidates.length === 0) return undefined;
    const issuer = candidates[0]!.issuer;
    let verified: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      const keys = await this.#keysOf(issuer);
      ({ payload: verified } = await jwtVerify(subjectToken, keys, {
        issuer: [issuer, `${issuer}/`],
        audience: [...new Set(candidates.map((p) => p.audience))],
        requiredClaims: ['exp', 'sub'],
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
      }));
    } catch {
      return undefined;
    }
    const subject = verified.sub ?? '';
    const tokenAudiences = new Set(typeof verified.aud === 'string' ? [verified.aud] : (verified.aud ?? []));
    const policy = candidates.find((p) => tokenAudiences.has(p.audience) && subjectMatches(p.subject_pattern, subject));
    if (!policy) return undefined;
    const scopes = policy.scopes.filter(isScope);
    const now = new Date();
    const { secret } = await this.tokens.issueFor(policy.tenant_id, {
      name: `trust policy ${policy.name}: ${subject}`.slice(0, 100),
      scopes,
      expiresAt: new Date(now.getTime() + policy.token_ttl_seconds * 1000),
      actor: { kind: 'TRUST_POLICY', id: policy.id, name: subject },
    });
    await policies.touchTrustPolicy(this.db, policy.tenant_id, policy.id, now);
    return {
      token: { secret, expiresInSeconds: policy.token_ttl_seconds, scopes },
      policy: toTrustPolicy({ ...policy, last_used_at: now }),
      subject,
    };
  }

  /** The issuer's key set, from its discovery document's `jwks_uri` (re-read hourly). */
  async #keysOf(issuer: string): Promise<JWTVerifyGetKey> {
    const cached = this.#keySets.get(issuer);
    if (cached && cached.until > Date.now()) return cached.keys;
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(this.jwks.timeoutMs ?? 5000),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: unknown };
    if (typeof doc.jwks_uri !== 'string') throw new Error('discovery names no jwks_uri');
    const keys = createRemoteJWKSet(new URL(doc.jwks_uri), {
      cooldownDuration: this.jwks.cooldownMs ?? 30_000,
      cacheMaxAge: this.jwks.cacheMaxAgeMs ?? 600_000,
      timeoutDuration: this.jwks.timeoutMs ?? 5000,
    });
    this.#keySets.set(issuer, { keys, until: Date.now() + DISCOVERY_TTL_MS });
    return keys;
  }
}
