import { createPrivateKey, type KeyObject, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/db-types.js';
import {
  type EdgeCaRow,
  type EdgeLeafRow,
  findEdgeCa,
  findEdgeLeaf,
  insertEdgeCaIfAbsent,
  putEdgeLeafUnlessFresh,
} from '../db/repositories/edge-ca-repository.js';
import type { RouteCertificate } from '../providers/traffic.js';
import { openSecret, type SecretAddress, sealSecret } from './secret-crypto.js';

/**
 * Route certificates: checking the ones users keep in the vault, and issuing
 * ones from the installation's own CA. Keys never leave this module in a
 * message: every refusal is a sentence of our own, never the input or an
 * underlying library's error text.
 */

/** What the API shows of a route's certificate (RouteTls.notAfter, RouteTls.issuer). Never the key. */
export interface CertificateInfo {
  notAfter: Date;
  /** The issuer's distinguished name on one line, e.g. `CN=Wheelhouse edge CA 1a2b3c4d, O=Wheelhouse`. */
  issuer: string;
  /** The leaf's DNS names (and `IP Address:…` entries as written). */
  subjectAltNames: string[];
}

/** The result of `checkCertificateBundle`. */
export type CertificateCheck =
  | { ok: true; certificate: RouteCertificate; info: CertificateInfo }
  | { ok: false; message: string };

/** At most this many certificates in one bundle (a leaf and its intermediates; real chains have 2 to 4). */
export const MAX_CHAIN_CERTIFICATES = 8;

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]{1,40})-----([\s\S]*?)-----END \1-----/g;
const KEY_LABELS = new Set(['PRIVATE KEY', 'EC PRIVATE KEY', 'RSA PRIVATE KEY']);
/** Blocks some tools write beside a key (`openssl ecparam -genkey`); they carry nothing we need. */
const IGNORED_LABELS = new Set(['EC PARAMETERS']);

const ordinal = (i: number): string => `certificate ${i + 1} of the chain`;

/**
 * Checks a vault entry (a PEM chain, leaf first, plus its private key, in one
 * value) for `host` at `now`: it parses, the leaf covers the host (SAN,
 * wildcards as TLS allows), the key matches the leaf, and it has not expired.
 * The chain must be in order (each certificate signed by the next). A failure
 * says what is wrong in one sentence that never quotes the key.
 */
export function checkCertificateBundle(pem: string, host: string, now: Date = new Date()): CertificateCheck {
  const fail = (message: string): CertificateCheck => ({ ok: false, message });
  const certBlocks: string[] = [];
  const keyBlocks: string[] = [];
  for (const m of pem.matchAll(PEM_BLOCK)) {
    const label = m[1] as string;
    if (label === 'CERTIFICATE') certBlocks.push(m[0]);
    else if (KEY_LABELS.has(label)) keyBlocks.push(m[0]);
    else if (label === 'ENCRYPTED PRIVATE KEY') {
      return fail('the private key is encrypted with a passphrase: store it unencrypted (the vault encrypts it)');
    } else if (!IGNORED_LABELS.has(label)) {
      return fail(`the value holds a PEM block of type "${label}": expected only certificates and one private key`);
    }
  }
  if (certBlocks.length === 0 && keyBlocks.length === 0) {
    return fail('the value is not PEM: expected a certificate chain (leaf first) and its private key');
  }
  if (certBlocks.length === 0) {
    return fail(
      'the value holds no certificate: put the certificate chain (leaf first) and its private key in one value',
    );
  }
  if (keyBlocks.length === 0) {
    return fail(
      'the value holds no private key: put the certificate chain (leaf first) and its private key in one value',
    );
  }
  if (keyBlocks.length > 1) return fail(`the value holds ${keyBlocks.length} private keys: put exactly one`);
  if (certBlocks.length > MAX_CHAIN_CERTIFICATES) {
    return fail(`the chain holds ${certBlocks.length} certificates: at most ${MAX_CHAIN_CERTIFICATES} are accepted`);
  }

  const certs: X509Certificate[] = [];
  for (const [i, block] of certBlocks.entries()) {
    try {
      certs.push(new X509Certificate(block));
    } catch {
      return fail(`${ordinal(i)} does not parse as an X.509 certificate`);
    }
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(keyBlocks[0] as string);
  } catch {
    // The library's message is not ours to repeat: it may describe the key's content.
    return fail('the private key does not parse (expected an unencrypted PKCS#8, EC or RSA private key in PEM)');
  }

  const leaf = certs[0] as X509Certificate;
  if (leaf.checkHost(host, TLS_HOST_RULES) === undefined) {
    const names = subjectAltNames(leaf);
    return fail(
      names.length === 0
        ? `the certificate has no DNS subject alternative names, so it does not cover "${host}"`
        : `the certificate does not cover "${host}" (it names ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})`,
    );
  }
  let matches = false;
  try {
    matches = leaf.checkPrivateKey(key);
  } catch {
    matches = false;
  }
  if (!matches) return fail('the private key does not match the certificate (the first one in the chain)');

  for (const [i, cert] of certs.entries()) {
    const notAfter = new Date(cert.validTo);
    const notBefore = new Date(cert.validFrom);
    const which = i === 0 ? 'the certificate' : ordinal(i);
    if (notAfter.getTime() < now.getTime()) return fail(`${which} expired on ${notAfter.toISOString()}`);
    if (notBefore.getTime() > now.getTime()) return fail(`${which} is not valid before ${notBefore.toISOString()}`);
  }
  for (let i = 0; i + 1 < certs.length; i++) {
    const child = certs[i] as X509Certificate;
    const parent = certs[i + 1] as X509Certificate;
    let signed = false;
    try {
      signed = child.checkIssued(parent) && child.verify(parent.publicKey);
    } catch {
      signed = false;
    }
    if (!signed) {
      return fail(`${ordinal(i)} is not signed by ${ordinal(i + 1)}: put the leaf first, then each issuer in order`);
    }
  }

  return {
    ok: true,
    certificate: {
      certificatePem: certs.map((c) => c.toString().trim()).join('\n'),
      privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    info: infoOf(leaf),
  };
}

/**
 * How TLS clients match a host (RFC 6125, as browsers do): a wildcard only as
 * the whole left-most label and covering exactly one label, and the subject's
 * CN ignored (only subject alternative names count).
 */
const TLS_HOST_RULES = {
  subject: 'never',
  wildcards: true,
  partialWildcards: false,
  multiLabelWildcards: false,
  singleLabelSubdomains: false,
} as const;

function subjectAltNames(cert: X509Certificate): string[] {
  const raw = cert.subjectAltName;
  if (!raw) return [];
  return raw
    .split(/,\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => (s.startsWith('DNS:') ? s.slice(4) : s));
}

/** A distinguished name as Node prints it (one `K=V` per line) on one line, in the certificate's order (as `openssl x509 -issuer` prints it). */
function oneLine(dn: string): string {
  return dn
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .join(', ');
}

function infoOf(leaf: X509Certificate): CertificateInfo {
  return { notAfter: new Date(leaf.validTo), issuer: oneLine(leaf.issuer), subjectAltNames: subjectAltNames(leaf) };
}

/**
 * Issues certificates for route hosts. Shaped so an ACME (HTTP-01) issuer can
 * be added later: `issue` is asynchronous (an ACME order waits for its
 * challenge, which the edge would answer under `/.well-known/acme-challenge/`)
 * and `caCertificatePem` is optional in effect (a public CA has none to
 * publish). ACME is not built: it needs a reachable public name and an ACME
 * directory, neither of which exists where this is tested.
 */
export interface CertificateIssuer {
  /** `edge_ca` today; `acme` later. */
  readonly source: 'edge_ca' | 'acme';
  /** A certificate and key for `host` (SAN = host). May return one issued earlier (by any replica) while it is far from expiry. */
  issue(host: string): Promise<{ certificate: RouteCertificate; info: CertificateInfo }>;
  /** PEM of the CA that signs what this issuer issues (Provider.edge.caCertificate), when it has one. */
  caCertificatePem(): string | undefined;
}

/** What `loadEdgeCertificateAuthority` needs. */
export interface EdgeCaDeps {
  db: Db;
  /** The vault's key (32 bytes; `loadSecretKey`): seals the CA's private key at rest. */
  vaultKey: Buffer;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Validity of issued leaf certificates, in days; 90 by default. */
  leafValidityDays?: number;
  /** A leaf (this process's or the stored one) is issued again when fewer than this many days are left; 30 by default. */
  renewBeforeDays?: number;
}

/** Validity of the CA itself: long, since every client that trusts it would have to be told of a new one. */
export const EDGE_CA_VALIDITY_DAYS = 3650;
const DAY_MS = 86_400_000;
/** Leaves start slightly in the past, so a client whose clock lags a little accepts them. */
const BACKDATE_MS = 5 * 60_000;
const EC_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** The AAD the CA key is sealed under: not a tenant's (tenant ids are UUIDs), so no vault row opens as it or it as one. */
const CA_KEY_ADDRESS: SecretAddress = { tenantId: '_installation', key: '_edge/ca-key' };
/** The AAD of a leaf's key: bound to its host, so a row moved to another host does not open. */
const leafAddress = (host: string): SecretAddress => ({ tenantId: '_installation', key: `_edge/leaf/${host}` });

const crypto = webcrypto as unknown as Crypto;

/**
 * The installation's own CA: made once per installation (the first call),
 * kept encrypted with the vault's key in Postgres (table
 * `edge_certificate_authority`), and loaded by every later call and every
 * replica. The leaves it issues are stored likewise (`edge_issued_certificates`,
 * one per host), so replicas and restarts serve the same one until renewal. Concurrent first calls each make a CA and insert it if absent; one
 * insert wins and every caller loads the winner, so all agree on one CA.
 * A vault key that cannot open the stored key is a SecretDecryptError (the CA
 * is never silently replaced: clients trust it).
 */
export async function loadEdgeCertificateAuthority(deps: EdgeCaDeps): Promise<CertificateIssuer> {
  let row = await findEdgeCa(deps.db);
  if (!row) {
    await insertEdgeCaIfAbsent(deps.db, await makeCa(deps.vaultKey, deps.now?.() ?? new Date()));
    row = await findEdgeCa(deps.db);
    if (!row) throw new Error('the edge CA was stored but cannot be read back');
  }
  return EdgeCaIssuer.open(row, deps);
}

async function makeCa(vaultKey: Buffer, now: Date): Promise<EdgeCaRow> {
  const x509 = await loadX509();
  const keys = (await crypto.subtle.generateKey(EC_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: `CN=Wheelhouse edge CA ${randomBytes(4).toString('hex')}, O=Wheelhouse`,
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter: new Date(now.getTime() + EDGE_CA_VALIDITY_DAYS * DAY_MS),
      keys,
      signingAlgorithm: EC_ALGORITHM,
      extensions: [
        // pathLen 0: it signs leaves only, never another CA.
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const sealed = sealSecret(vaultKey, CA_KEY_ADDRESS, x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'));
  return {
    certificate_pem: cert.toString('pem'),
    key_ciphertext: sealed.ciphertext,
    key_iv: sealed.iv,
    key_auth_tag: sealed.authTag,
  };
}

/**
 * @peculiar/x509, loaded the first time a certificate is made or the CA is opened: it and tsyringe
 * take a few hundred milliseconds of a start that serves no route over HTTPS. tsyringe needs the
 * Reflect metadata polyfill loaded before it, hence the order.
 */
async function loadX509(): Promise<typeof X509> {
  await import('reflect-metadata');
  return import('@peculiar/x509');
}

/** A positive serial of 16 random bytes (RFC 5280: at most 20 octets, unpredictable). */
function serialNumber(): string {
  const b = randomBytes(16);
  b[0] = ((b[0] as number) & 0x7f) | 0x01;
  return b.toString('hex');
}

class EdgeCaIssuer implements CertificateIssuer {
  readonly source = 'edge_ca' as const;
  /** Leaves this process has issued or read, by host (bounded: a host not routed any more ages out). */
  readonly #issued = new LRUCache<string, { certificate: RouteCertificate; info: CertificateInfo }>({
    max: 10_000,
  });

  private constructor(
    readonly caPem: string,
    readonly ca: X509.X509Certificate,
    readonly caKey: CryptoKey,
    readonly deps: EdgeCaDeps,
  ) {}

  static async open(row: EdgeCaRow, deps: EdgeCaDeps): Promise<EdgeCaIssuer> {
    const x509 = await loadX509();
    const keyPem = openSecret(deps.vaultKey, CA_KEY_ADDRESS, {
      ciphertext: row.key_ciphertext,
      iv: row.key_iv,
      authTag: row.key_auth_tag,
    });
    const caKey = await crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(keyPem), EC_ALGORITHM, false, [
      'sign',
    ]);
    return new EdgeCaIssuer(row.certificate_pem.trim(), new x509.X509Certificate(row.certificate_pem), caKey, deps);
  }

  caCertificatePem(): string {
    return this.caPem;
  }

  /**
   * The leaf for `host`: this process's copy, else the stored one, while it
   * is valid for more than `renewBeforeDays`; otherwise a new one, stored
   * unless another replica stored a fresh one first, then read back, so every
   * replica and restart serves the same certificate for a host.
   */
  async issue(host: string): Promise<{ certificate: RouteCertificate; info: CertificateInfo }> {
    const now = this.deps.now?.() ?? new Date();
    const freshAfter = new Date(now.getTime() + (this.deps.renewBeforeDays ?? 30) * DAY_MS);
    const cached = this.#issued.get(host);
    if (cached && cached.info.notAfter > freshAfter) return cached;
    const stored = await findEdgeLeaf(this.deps.db, host);
    if (stored && stored.not_after > freshAfter) return this.#remember(stored);
    const made = await this.#make(host, now);
    const sealed = sealSecret(this.deps.vaultKey, leafAddress(host), made.certificate.privateKeyPem);
    await putEdgeLeafUnlessFresh(
      this.deps.db,
      {
        host,
        certificate_pem: made.certificate.certificatePem,
        key_ciphertext: sealed.ciphertext,
        key_iv: sealed.iv,
        key_auth_tag: sealed.authTag,
        not_after: made.info.notAfter,
      },
      freshAfter,
    );
    const winner = await findEdgeLeaf(this.deps.db, host);
    if (!winner) throw new Error(`the certificate issued for ${host} was stored but cannot be read back`);
    return this.#remember(winner);
  }

  #remember(row: EdgeLeafRow): { certificate: RouteCertificate; info: CertificateInfo } {
    const issued = {
      certificate: {
        certificatePem: row.certificate_pem,
        privateKeyPem: openSecret(this.deps.vaultKey, leafAddress(row.host), {
          ciphertext: row.key_ciphertext,
          iv: row.key_iv,
          authTag: row.key_auth_tag,
        }),
      },
      info: infoOf(new X509Certificate(row.certificate_pem)),
    };
    this.#issued.set(row.host, issued);
    return issued;
  }

  async #make(host: string, now: Date): Promise<{ certificate: RouteCertificate; info: CertificateInfo }> {
    const x509 = await loadX509();
    const keys = (await crypto.subtle.generateKey(EC_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
    const leaf = await x509.X509CertificateGenerator.create(
      {
        serialNumber: serialNumber(),
        subject: `CN=${escapeDnValue(host)}`,
        issuer: this.ca.subject,
        notBefore: new Date(now.getTime() - BACKDATE_MS),
        notAfter: new Date(now.getTime() + (this.deps.leafValidityDays ?? 90) * DAY_MS),
        publicKey: keys.publicKey,
        signingKey: this.caKey,
        signingAlgorithm: EC_ALGORITHM,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: host }], false),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
          await x509.AuthorityKeyIdentifierExtension.create(this.ca.publicKey, false, crypto),
        ],
      },
      crypto,
    );
    const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
    const certificatePem = leaf.toString('pem');
    return {
      certificate: { certificatePem, privateKeyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') },
      info: infoOf(new X509Certificate(certificatePem)),
    };
  }
}

/** Hosts are validated DNS names before they get here; escape anyway, so a DN never changes shape. */
function escapeDnValue(value: string): string {
  return value.replace(/[,+"\\<>;=#]/g, (c) => `\\${c}`);
}
