import { hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** The session cookie: an opaque id, HttpOnly, SameSite=Lax. */
export const SESSION_COOKIE = 'wheelhouse_session';
/** The header a cookie-authenticated request that changes something must carry (a cross-site form cannot). */
export const CSRF_HEADER = 'x-wheelhouse-csrf';

/** The named cookie of a request, or undefined. */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  return cookieFrom(req.headers.cookie, name);
}

/** The named cookie of a Cookie header value, or undefined. */
export function cookieFrom(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
  }
  return undefined;
}

/** A Set-Cookie value; `maxAgeSeconds` 0 deletes the cookie. */
export function cookieHeader(
  name: string,
  value: string,
  o: { maxAgeSeconds: number; path: string; secure: boolean },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${o.path}`,
    `Max-Age=${o.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Short-lived values the server hands out and reads back (a sign-in's state, nonce and PKCE
 * verifier in a cookie; the CLI's one-time code): encrypted and authenticated (JWE, A256GCM)
 * under a key derived from the vault key, so every replica reads them and nobody can read or
 * forge them.
 */
export class SealedValues {
  readonly #key: Uint8Array;

  constructor(vaultKey: Buffer) {
    this.#key = new Uint8Array(hkdfSync('sha256', vaultKey, Buffer.alloc(0), 'wheelhouse sign-in state', 32));
  }

  seal(purpose: string, value: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    return new EncryptJWT({ ...value, purpose })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .encrypt(this.#key);
  }

  /** The value sealed for `purpose`, or undefined when it is forged, expired or for something else. */
  async open<T>(purpose: string, sealed: string | undefined): Promise<T | undefined> {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, this.#key);
      return payload.purpose === purpose ? (payload as T) : undefined;
    } catch {
      return undefined;
    }
  }
}
