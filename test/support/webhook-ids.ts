/** The uuid inside a global id (base64 "Type:uuid"), for tests that reach the database directly. */
export function localIdOf(globalId: string): string {
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}
