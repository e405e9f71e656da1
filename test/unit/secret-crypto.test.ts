import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { openSecret, SecretDecryptError, sealSecret, secretAad } from '../../src/control/secret-crypto.js';
import { loadSecretKey, parseSecretKey } from '../../src/control/secrets.js';

const key = randomBytes(32);
const here = { tenantId: '11111111-1111-4111-8111-111111111111', key: 'db/password' };

describe('sealSecret / openSecret', () => {
  it('round-trips a value, including empty and non-ASCII ones', () => {
    for (const value of ['hunter2', '', 'päss wörd ✓ 🔑', 'x'.repeat(65_536)]) {
      expect(openSecret(key, here, sealSecret(key, here, value))).toBe(value);
    }
  });

  it('round-trips any string (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 2000 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        (value, name) => {
          const addr = { tenantId: here.tenantId, key: name };
          expect(openSecret(key, addr, sealSecret(key, addr, value))).toBe(value);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('uses a fresh 12-byte IV per value and a 16-byte tag', () => {
    const a = sealSecret(key, here, 'same value');
    const b = sealSecret(key, here, 'same value');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.authTag, 'base64')).toHaveLength(16);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('never stores the clear value', () => {
    const value = 'recognisable-clear-value-0123456789';
    const sealed = sealSecret(key, here, value);
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain(value);
    expect(stored).not.toContain(Buffer.from(value).toString('base64'));
  });

  it('fails cleanly under another key, naming the secret and never the ciphertext', () => {
    const sealed = sealSecret(key, here, 'hunter2');
    let error: unknown;
    try {
      openSecret(randomBytes(32), here, sealed);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SecretDecryptError);
    const message = (error as Error).message;
    expect(message).toContain('db/password');
    expect(message).toMatch(/vault key/);
    expect(message).not.toContain(sealed.ciphertext);
    expect(message).not.toContain('hunter2');
  });

  it('binds a ciphertext to its tenant and key (AAD)', () => {
    const sealed = sealSecret(key, here, 'hunter2');
    expect(() => openSecret(key, { ...here, tenantId: '22222222-2222-4222-8222-222222222222' }, sealed)).toThrow(
      SecretDecryptError,
    );
    expect(() => openSecret(key, { ...here, key: 'db/other' }, sealed)).toThrow(SecretDecryptError);
    expect(secretAad(here).equals(secretAad({ tenantId: here.tenantId, key: 'db/passwor' }))).toBe(false);
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = sealSecret(key, here, 'hunter2');
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0] = b[0]! ^ 1;
      return b.toString('base64');
    };
    expect(() => openSecret(key, here, { ...sealed, ciphertext: flip(sealed.ciphertext) })).toThrow(SecretDecryptError);
    expect(() => openSecret(key, here, { ...sealed, authTag: flip(sealed.authTag) })).toThrow(SecretDecryptError);
    expect(() => openSecret(key, here, { ...sealed, iv: flip(sealed.iv) })).toThrow(SecretDecryptError);
    expect(() => openSecret(key, here, { ...sealed, iv: 'AAAA' })).toThrow(SecretDecryptError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealSecret(randomBytes(16), here, 'x')).toThrow(/32 bytes/);
    expect(() => openSecret(randomBytes(31), here, sealSecret(key, here, 'x'))).toThrow(/32 bytes/);
  });
});

describe('loadSecretKey', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const d = await mkdtemp(join(tmpdir(), 'wheelhouse-key-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('takes WHEELHOUSE_SECRET_KEY as 64 hex characters or base64 of 32 bytes', async () => {
    const raw = randomBytes(32);
    const dataDir = await freshDir();
    expect((await loadSecretKey({ secretKey: raw.toString('hex'), dataDir })).equals(raw)).toBe(true);
    expect((await loadSecretKey({ secretKey: raw.toString('base64'), dataDir })).equals(raw)).toBe(true);
    expect((await loadSecretKey({ secretKey: raw.toString('base64url'), dataDir })).equals(raw)).toBe(true);
    // With a key configured nothing is written to the data dir.
    await expect(stat(join(dataDir, 'secret.key'))).rejects.toThrow();
  });

  it('rejects a configured key of the wrong size with a ConfigError naming the variable', () => {
    expect(() => parseSecretKey('abcd')).toThrow(ConfigError);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow(/WHEELHOUSE_SECRET_KEY/);
    expect(() => parseSecretKey('z'.repeat(64))).toThrow(ConfigError);
  });

  it('generates a key into <dataDir>/secret.key (mode 0600, creating the dir) and reuses it', async () => {
    const dataDir = join(await freshDir(), 'nested', 'data');
    const first = await loadSecretKey({ secretKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    const file = join(dataDir, 'secret.key');
    const s = await stat(file);
    expect(s.mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('hex'));
    const again = await loadSecretKey({ secretKey: undefined, dataDir });
    expect(again.equals(first)).toBe(true);
  });

  it('agrees on one key when several starts race', async () => {
    const dataDir = await freshDir();
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadSecretKey({ secretKey: undefined, dataDir })));
    for (const k of keys) expect(k.equals(keys[0]!)).toBe(true);
  });

  it('reads an existing key file written as base64, and rejects a corrupt one clearly', async () => {
    const dataDir = await freshDir();
    const raw = randomBytes(32);
    await writeFile(join(dataDir, 'secret.key'), `${raw.toString('base64')}\n`);
    expect((await loadSecretKey({ secretKey: undefined, dataDir })).equals(raw)).toBe(true);
    await writeFile(join(dataDir, 'secret.key'), 'not a key\n');
    await expect(loadSecretKey({ secretKey: undefined, dataDir })).rejects.toThrow(/secret\.key/);
  });
});
