import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Certificates of a test's own CA (root, intermediates, leaves for given
 * DNS names), made with @peculiar/x509 on WebCrypto P-256 keys: what a user
 * brings to the vault, without any network or openssl.
 */

export const crypto = webcrypto as unknown as Crypto;
export const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
export const DAY = 86_400_000;

export type Keys = CryptoKeyPair;
export const newKeys = async (): Promise<Keys> =>
  (await crypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
export const keyPem = async (k: Keys): Promise<string> =>
  x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', k.privateKey), 'PRIVATE KEY');

export async function caCert(name: string, keys: Keys, signer?: { cert: x509.X509Certificate; keys: Keys }) {
  const base = {
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  };
  if (!signer) return x509.X509CertificateGenerator.createSelfSigned({ ...base, name, keys }, crypto);
  return x509.X509CertificateGenerator.create(
    {
      ...base,
      subject: name,
      issuer: signer.cert.subject,
      publicKey: keys.publicKey,
      signingKey: signer.keys.privateKey,
    },
    crypto,
  );
}

export async function leafCert(
  names: string[],
  keys: Keys,
  signer: { cert: x509.X509Certificate; keys: Keys },
  validity: { notBefore?: Date; notAfter?: Date } = {},
) {
  return x509.X509CertificateGenerator.create(
    {
      subject: `CN=${names[0]}`,
      issuer: signer.cert.subject,
      notBefore: validity.notBefore ?? new Date(Date.now() - DAY),
      notAfter: validity.notAfter ?? new Date(Date.now() + 30 * DAY),
      publicKey: keys.publicKey,
      signingKey: signer.keys.privateKey,
      signingAlgorithm: EC,
      extensions: [new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: 'dns' as const, value })))],
    },
    crypto,
  );
}
