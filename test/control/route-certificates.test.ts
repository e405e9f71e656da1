import 'reflect-metadata';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCertificateBundle, loadEdgeCertificateAuthority } from '../../src/control/route-certificates.js';
import { SecretDecryptError } from '../../src/control/secret-crypto.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { DbHandle } from '../../src/db/db-types.js';
import type { RouteCertificate } from '../../src/providers/traffic.js';
import { itOnPostgres, openPostgresDatabase, openTestDatabase } from '../support/database.js';
import { caCert, crypto, DAY, EC, type Keys, keyPem, leafCert, newKeys } from '../support/test-certificates.js';

/**
 * Route certificates: vault bundles checked against a chain made by the
 * test's own CA (root → intermediate → leaf), and the edge CA's issued
 * certificates verified by a real TLS handshake that trusts only the CA.
 */

/** The parts of a test chain: root → intermediate → leaf for app.example.test and *.apps.example.test. */
let root: { cert: x509.X509Certificate; keys: Keys };
let inter: { cert: x509.X509Certificate; keys: Keys };
let leaf: x509.X509Certificate;
let leafKeys: Keys;
let leafKeyPem: string;
let bundle: string;

beforeAll(async () => {
  const rootKeys = await newKeys();
  root = { keys: rootKeys, cert: await caCert('CN=Test Root, O=Test', rootKeys) };
  const interKeys = await newKeys();
  inter = { keys: interKeys, cert: await caCert('CN=Test Intermediate, O=Test', interKeys, root) };
  leafKeys = await newKeys();
  leaf = await leafCert(['app.example.test', '*.apps.example.test'], leafKeys, inter);
  leafKeyPem = await keyPem(leafKeys);
  bundle = [leaf.toString('pem'), inter.cert.toString('pem'), leafKeyPem].join('\n');
});

/** Every line of the key's base64 body: none of them may appear in a message. */
function keyLines(pem: string): string[] {
  return pem.split('\n').filter((l) => l.length > 16 && !l.startsWith('-----'));
}

function expectRefused(result: ReturnType<typeof checkCertificateBundle>, pattern: RegExp, key = leafKeyPem): string {
  if (result.ok) throw new Error('expected the bundle to be refused');
  expect(result.message).toMatch(pattern);
  expect(result.message).not.toMatch(/PRIVATE KEY/);
  for (const line of keyLines(key)) expect(result.message).not.toContain(line.slice(0, 16));
  return result.message;
}

describe('checkCertificateBundle', () => {
  it('accepts a chain made by the test CA, leaf first, and reports what the API shows', () => {
    const result = checkCertificateBundle(bundle, 'app.example.test');
    if (!result.ok) throw new Error(result.message);
    expect(result.info.issuer).toBe('CN=Test Intermediate, O=Test');
    expect(result.info.subjectAltNames).toEqual(['app.example.test', '*.apps.example.test']);
    expect(Math.abs(result.info.notAfter.getTime() - leaf.notAfter.getTime())).toBeLessThan(1000);
    // The chain comes back leaf first then the intermediate, the key as PKCS#8 matching the leaf.
    const certs = result.certificate.certificatePem.match(/-----BEGIN CERTIFICATE-----/g);
    expect(certs).toHaveLength(2);
    const first = new X509Certificate(result.certificate.certificatePem);
    expect(first.fingerprint256).toBe(new X509Certificate(leaf.toString('pem')).fingerprint256);
    expect(first.checkPrivateKey(createPrivateKey(result.certificate.privateKeyPem))).toBe(true);
  });

  it('applies TLS wildcard rules: one whole left-most label, never the bare domain or two labels', () => {
    expect(checkCertificateBundle(bundle, 'shop.apps.example.test').ok).toBe(true);
    expectRefused(checkCertificateBundle(bundle, 'apps.example.test'), /does not cover "apps\.example\.test"/);
    expectRefused(checkCertificateBundle(bundle, 'a.b.apps.example.test'), /does not cover/);
  });

  it('refuses a host the certificate does not name, listing the names it has', () => {
    expectRefused(
      checkCertificateBundle(bundle, 'other.example.test'),
      /^the certificate does not cover "other\.example\.test" \(it names app\.example\.test, \*\.apps\.example\.test\)$/,
    );
  });

  it('ignores the subject CN: a certificate without SANs covers nothing', async () => {
    const keys = await newKeys();
    const noSan = await x509.X509CertificateGenerator.create(
      {
        subject: 'CN=app.example.test',
        issuer: inter.cert.subject,
        notBefore: new Date(Date.now() - DAY),
        notAfter: new Date(Date.now() + DAY),
        publicKey: keys.publicKey,
        signingKey: inter.keys.privateKey,
        signingAlgorithm: EC,
      },
      crypto,
    );
    const pem = [noSan.toString('pem'), inter.cert.toString('pem'), await keyPem(keys)].join('\n');
    expectRefused(checkCertificateBundle(pem, 'app.example.test'), /no DNS subject alternative names/);
  });

  it('refuses an expired certificate, and one not yet valid, by the clock it is given', async () => {
    const keys = await newKeys();
    const expired = await leafCert(['app.example.test'], keys, inter, {
      notBefore: new Date(Date.now() - 10 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const kp = await keyPem(keys);
    const pem = [expired.toString('pem'), inter.cert.toString('pem'), kp].join('\n');
    expectRefused(checkCertificateBundle(pem, 'app.example.test'), /^the certificate expired on \d{4}-/, kp);
    // The same good bundle, judged in 40 days, is expired; judged 2 days ago, not yet valid.
    expectRefused(checkCertificateBundle(bundle, 'app.example.test', new Date(Date.now() + 40 * DAY)), /expired on/);
    expectRefused(
      checkCertificateBundle(bundle, 'app.example.test', new Date(Date.now() - 2 * DAY)),
      /is not valid before/,
    );
  });

  it('refuses a key that does not belong to the leaf', async () => {
    const other = await keyPem(await newKeys());
    const pem = [leaf.toString('pem'), inter.cert.toString('pem'), other].join('\n');
    expectRefused(checkCertificateBundle(pem, 'app.example.test'), /does not match the certificate/, other);
  });

  it('refuses garbage, a bare key, a bare certificate, two keys and a corrupt certificate', () => {
    expectRefused(checkCertificateBundle('hunter2 not a certificate', 'app.example.test'), /is not PEM/);
    expectRefused(checkCertificateBundle(leafKeyPem, 'app.example.test'), /holds no certificate/);
    expectRefused(checkCertificateBundle(leaf.toString('pem'), 'app.example.test'), /holds no private key/);
    expectRefused(checkCertificateBundle(`${bundle}\n${leafKeyPem}`, 'app.example.test'), /2 private keys/);
    const corrupt = leaf.toString('pem').replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA');
    expectRefused(
      checkCertificateBundle(`${corrupt}\n${leafKeyPem}`, 'app.example.test'),
      /certificate 1 of the chain does not parse/,
    );
  });

  it('refuses a key that does not parse without quoting it', () => {
    const broken = leafKeyPem.replace(/\n[A-Za-z0-9+/]{30}/, '\nZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    const pem = [leaf.toString('pem'), broken].join('\n');
    expectRefused(checkCertificateBundle(pem, 'app.example.test'), /^the private key does not parse/, broken);
  });

  it('refuses an encrypted key, asking for it unencrypted', () => {
    const pem = `${leaf.toString('pem')}\n-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n`;
    expectRefused(checkCertificateBundle(pem, 'app.example.test'), /encrypted with a passphrase/);
  });

  it('refuses a chain out of order, and one whose intermediate did not sign the leaf', async () => {
    const reversed = [inter.cert.toString('pem'), leaf.toString('pem'), leafKeyPem].join('\n');
    // The intermediate first: its key is not the leaf's, and it does not name the host.
    expect(checkCertificateBundle(reversed, 'app.example.test').ok).toBe(false);
    const wrongOrder = [leaf.toString('pem'), root.cert.toString('pem'), inter.cert.toString('pem'), leafKeyPem].join(
      '\n',
    );
    expectRefused(
      checkCertificateBundle(wrongOrder, 'app.example.test'),
      /^certificate 1 of the chain is not signed by certificate 2 of the chain/,
    );
    // The full chain in order (leaf, intermediate, root) is accepted: the control.
    const full = [leaf.toString('pem'), inter.cert.toString('pem'), root.cert.toString('pem'), leafKeyPem].join('\n');
    expect(checkCertificateBundle(full, 'app.example.test').ok).toBe(true);
  });
});

/**
 * A TLS handshake against a real server using `cert`, trusting only `caPem`,
 * asking for `servername`: resolves when the client authorised the server,
 * rejects with the client's verification error otherwise.
 */
async function handshake(cert: RouteCertificate, caPem: string, servername: string): Promise<void> {
  const server = tls.createServer({ cert: cert.certificatePem, key: cert.privateKeyPem }, (s) => s.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername, ca: [caPem] }, () => {
        socket.end();
        if (socket.authorized) resolve();
        else reject(socket.authorizationError);
      });
      socket.on('error', reject);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const vaultKey = randomBytes(32);

async function ownCaRows(db: DbHandle) {
  return db.selectFrom('edge_certificate_authority').selectAll().execute();
}

describe('the edge CA', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    // A first call, even when another file of a Postgres pass shares nothing: this file's database is its own.
    await handle.db.deleteFrom('edge_certificate_authority').execute();
  });
  afterAll(async () => handle?.close());

  it('is made once: concurrent first calls agree, a later load reads the same CA, the key is sealed', async () => {
    const [a, b] = await Promise.all([
      loadEdgeCertificateAuthority({ db: handle.db, vaultKey }),
      loadEdgeCertificateAuthority({ db: handle.db, vaultKey }),
    ]);
    expect(a.caCertificatePem()).toBe(b.caCertificatePem());
    const later = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey });
    expect(later.caCertificatePem()).toBe(a.caCertificatePem());
    expect(later.source).toBe('edge_ca');
    const rows = await ownCaRows(handle.db);
    expect(rows).toHaveLength(1);
    const ca = new X509Certificate(a.caCertificatePem() as string);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toMatch(/^CN=Wheelhouse edge CA [0-9a-f]{8}/);
    // At rest the key is ciphertext: no PEM, no DER header of a PKCS#8 key.
    const row = rows[0] as (typeof rows)[number];
    expect(`${row.key_ciphertext}${row.certificate_pem}`).not.toMatch(/PRIVATE KEY/);
  });

  it('issues a leaf for a host that a TLS client trusting only the CA accepts, and no other host', async () => {
    const issuer = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey });
    const caPem = issuer.caCertificatePem() as string;
    const { certificate, info } = await issuer.issue('web-app1-acme.localhost');
    expect(info.subjectAltNames).toEqual(['web-app1-acme.localhost']);
    expect(info.issuer).toBe(oneLineSubject(caPem));
    const days = (info.notAfter.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);
    const leafX = new X509Certificate(certificate.certificatePem);
    expect(leafX.ca).toBe(false);
    expect(leafX.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(leafX.verify(new X509Certificate(caPem).publicKey)).toBe(true);

    await handshake(certificate, caPem, 'web-app1-acme.localhost');
    await expect(handshake(certificate, caPem, 'other-app1-acme.localhost')).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    // What it issues passes the same check a vault bundle gets (cert + key in one value).
    const check = checkCertificateBundle(
      `${certificate.certificatePem}\n${certificate.privateKeyPem}`,
      'web-app1-acme.localhost',
    );
    expect(check.ok).toBe(true);
  });

  it("is trusted by its own clients only: another installation's CA does not verify its leaves", async () => {
    const issuer = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey });
    const other = await openTestDatabase();
    try {
      await other.db.deleteFrom('edge_certificate_authority').execute();
      const otherIssuer = await loadEdgeCertificateAuthority({ db: other.db, vaultKey });
      expect(otherIssuer.caCertificatePem()).not.toBe(issuer.caCertificatePem());
      const { certificate } = await issuer.issue('svc.example.test');
      await expect(
        handshake(certificate, otherIssuer.caCertificatePem() as string, 'svc.example.test'),
      ).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
      await handshake(certificate, issuer.caCertificatePem() as string, 'svc.example.test');
    } finally {
      await other.close();
    }
  });

  it('reuses a leaf while far from expiry and issues a new one close to it', async () => {
    let now = new Date();
    const issuer = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey, now: () => now });
    const first = await issuer.issue('reuse.example.test');
    expect((await issuer.issue('reuse.example.test')).certificate.certificatePem).toBe(
      first.certificate.certificatePem,
    );
    now = new Date(now.getTime() + 61 * DAY);
    const renewed = await issuer.issue('reuse.example.test');
    expect(renewed.certificate.certificatePem).not.toBe(first.certificate.certificatePem);
    expect(renewed.info.notAfter.getTime()).toBeGreaterThan(first.info.notAfter.getTime());
  });

  it('stores what it issues: another replica and a restart serve the same leaf, concurrent issuers agree', async () => {
    const [a, b] = await Promise.all([
      loadEdgeCertificateAuthority({ db: handle.db, vaultKey }),
      loadEdgeCertificateAuthority({ db: handle.db, vaultKey }),
    ]);
    const [fromA, fromB] = await Promise.all([a.issue('shared.example.test'), b.issue('shared.example.test')]);
    expect(fromB.certificate).toEqual(fromA.certificate);
    const restarted = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey });
    expect((await restarted.issue('shared.example.test')).certificate).toEqual(fromA.certificate);
    const rows = await handle.db
      .selectFrom('edge_issued_certificates')
      .selectAll()
      .where('host', '=', 'shared.example.test')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.certificate_pem).toBe(fromA.certificate.certificatePem);
    expect(`${rows[0]?.key_ciphertext}`).not.toMatch(/PRIVATE KEY/);
    // Renewed by one replica close to expiry, the others pick up the new leaf instead of issuing their own.
    const later = new Date(Date.now() + 61 * DAY);
    const renewing = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey, now: () => later });
    const renewed = await renewing.issue('shared.example.test');
    expect(renewed.certificate.certificatePem).not.toBe(fromA.certificate.certificatePem);
    const other = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey, now: () => later });
    expect((await other.issue('shared.example.test')).certificate).toEqual(renewed.certificate);
  });

  it('refuses to load with another vault key, and never replaces the stored CA', async () => {
    const before = await ownCaRows(handle.db);
    await expect(loadEdgeCertificateAuthority({ db: handle.db, vaultKey: randomBytes(32) })).rejects.toBeInstanceOf(
      SecretDecryptError,
    );
    expect(await ownCaRows(handle.db)).toEqual(before);
  });
});

function oneLineSubject(pem: string): string {
  return new X509Certificate(pem).subject.split('\n').join(', ');
}

describe('the edge CA on the Postgres server', () => {
  let handle: DatabaseHandle | undefined;
  afterAll(async () => handle?.close());

  itOnPostgres('persists across loads and agrees under concurrent first calls', async () => {
    handle = await openPostgresDatabase();
    await handle.db.deleteFrom('edge_certificate_authority').execute();
    const loads = await Promise.all(
      Array.from({ length: 4 }, () => loadEdgeCertificateAuthority({ db: (handle as DatabaseHandle).db, vaultKey })),
    );
    expect(new Set(loads.map((l) => l.caCertificatePem())).size).toBe(1);
    const again = await loadEdgeCertificateAuthority({ db: handle.db, vaultKey });
    expect(again.caCertificatePem()).toBe(loads[0]?.caCertificatePem());
    expect(await ownCaRows(handle.db)).toHaveLength(1);
    const { certificate } = await again.issue('pg.example.test');
    await handshake(certificate, loads[0]?.caCertificatePem() as string, 'pg.example.test');
  });
});
