import type { EdgeCertificateAuthorityTable, EdgeIssuedCertificateTable } from '../database.js';
import type { Db } from '../db-types.js';

/** The one edge CA row's id: one CA per installation. */
export const EDGE_CA_ID = 'edge';

/** The stored CA: its certificate in clear, its key sealed. */
export type EdgeCaRow = Pick<
  EdgeCertificateAuthorityTable,
  'certificate_pem' | 'key_ciphertext' | 'key_iv' | 'key_auth_tag'
>;

/** The installation's edge CA, or undefined before the first one is made. */
export async function findEdgeCa(db: Db): Promise<EdgeCaRow | undefined> {
  return db
    .selectFrom('edge_certificate_authority')
    .select(['certificate_pem', 'key_ciphertext', 'key_iv', 'key_auth_tag'])
    .where('id', '=', EDGE_CA_ID)
    .executeTakeFirst();
}

/**
 * Stores `row` as the installation's CA unless one is already there (then
 * nothing changes): concurrent first calls each insert, one wins, and every
 * caller reads the winner back with `findEdgeCa`.
 */
export async function insertEdgeCaIfAbsent(db: Db, row: EdgeCaRow): Promise<void> {
  await db
    .insertInto('edge_certificate_authority')
    .values({ id: EDGE_CA_ID, ...row })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A stored leaf of the edge CA. */
export type EdgeLeafRow = Omit<EdgeIssuedCertificateTable, 'created_at'>;

/** The leaf issued for `host`, or undefined. The edge CA's leaves belong to the installation, not a tenant. */
export async function findEdgeLeaf(db: Db, host: string): Promise<EdgeLeafRow | undefined> {
  return db
    .selectFrom('edge_issued_certificates')
    .select(['host', 'certificate_pem', 'key_ciphertext', 'key_iv', 'key_auth_tag', 'not_after'])
    .where('host', '=', host)
    .executeTakeFirst();
}

/**
 * Stores `row` as the leaf of its host unless a leaf valid past `keepIfValidAfter`
 * is already there (then nothing changes). Concurrent issuers each try; every
 * caller reads back whichever leaf stands, so all serve the same one.
 */
export async function putEdgeLeafUnlessFresh(db: Db, row: EdgeLeafRow, keepIfValidAfter: Date): Promise<void> {
  await db
    .insertInto('edge_issued_certificates')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('host')
        .doUpdateSet((eb) => ({
          certificate_pem: eb.ref('excluded.certificate_pem'),
          key_ciphertext: eb.ref('excluded.key_ciphertext'),
          key_iv: eb.ref('excluded.key_iv'),
          key_auth_tag: eb.ref('excluded.key_auth_tag'),
          not_after: eb.ref('excluded.not_after'),
        }))
        .where('edge_issued_certificates.not_after', '<=', keepIfValidAfter),
    )
    .execute();
}
