import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Vault encryption: AES-256-GCM, a fresh random 12-byte IV per value and a
 * 16-byte auth tag. The additional authenticated data binds each ciphertext to
 * its tenant and key, so a row copied to another tenant or renamed to another
 * key no longer decrypts.
 */

const ALGORITHM = 'aes-256-gcm';
export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value as stored: every part base64. */
export interface SealedValue {
  ciphertext: string;
  iv: string;
  authTag: string;
}

/** Where a value belongs; authenticated with it, not encrypted. */
export interface SecretAddress {
  tenantId: string;
  key: string;
}

/**
 * A value that cannot be opened: the vault key differs from the one that sealed
 * it, or the row was altered or moved. The message names the key, never any
 * ciphertext.
 */
export class SecretDecryptError extends Error {
  override readonly name = 'SecretDecryptError';
  constructor(readonly key: string) {
    super(
      `secret "${key}" cannot be decrypted: the vault key (WHEELHOUSE_SECRET_KEY or <dataDir>/secret.key) is not the one it was written with, or the stored row was altered`,
    );
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== SECRET_KEY_BYTES) {
    throw new Error(`the vault key must be ${SECRET_KEY_BYTES} bytes, got ${key.length}`);
  }
}

/** The additional authenticated data: the tenant id and the key, NUL-separated (neither can contain NUL). */
export function secretAad(address: SecretAddress): Buffer {
  return Buffer.from(`wheelhouse-secret\0${address.tenantId}\0${address.key}`, 'utf8');
}

/** Encrypts `plaintext` for `address` under `key` (32 bytes). */
export function sealSecret(key: Buffer, address: SecretAddress, plaintext: string): SealedValue {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(secretAad(address));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    ciphertext: ciphertext.toString('base64'),
    iv: iv.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
  };
}

/** Decrypts a sealed value of `address`; any mismatch (key, tenant, name, tampering) is a SecretDecryptError. */
export function openSecret(key: Buffer, address: SecretAddress, sealed: SealedValue): string {
  checkKey(key);
  try {
    const iv = Buffer.from(sealed.iv, 'base64');
    const tag = Buffer.from(sealed.authTag, 'base64');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('malformed');
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(secretAad(address));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    // The cause ("unable to authenticate data") says nothing more, and must carry no ciphertext.
    throw new SecretDecryptError(address.key);
  }
}
