import type { EdgeCertificateAuthorityTable } from '../database.js';
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
