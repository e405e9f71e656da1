/** A global id as the API shows it (Relay's base64 "Type:id"), for ids the control layer hands out (webhook bodies, audit targets). */
export function globalIdOf(type: string, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64');
}
