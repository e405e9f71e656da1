import { NotFoundError } from '../control/errors.js';

/*
 * Global ids are Relay's base64 "Type:uuid". Arguments stay plain `ID`s decoded
 * here rather than the relay plugin's `t.arg.globalID`: that one rejects a
 * malformed or foreign id with an untyped GraphQL error before the resolver
 * runs, while the contract answers such ids exactly like a missing object (a
 * typed NotFoundError in the mutation's union), so a tenant probing another's
 * ids learns nothing (see test/security/isolation.test.ts).
 */

/** Decodes a global id of `type`; anything else is answered like a missing object. */
export function localId(globalId: string, type: string, what = type.toLowerCase()): string {
  try {
    const decoded = Buffer.from(globalId, 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    if (sep > 0 && decoded.slice(0, sep) === type) {
      const id = decoded.slice(sep + 1);
      if (/^[0-9a-f-]{36}$/i.test(id)) return id.toLowerCase();
    }
  } catch {
    // fall through
  }
  throw new NotFoundError(what);
}
