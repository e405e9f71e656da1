import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { FieldError } from './errors.js';

/*
 * The network guard of outbound webhooks. The address a webhook reaches is
 * checked where the socket gets it: in the `lookup` the HTTP agent connects
 * with. A name that resolves to a public address when the webhook is created
 * and to a private one later (DNS rebinding) is refused at connect time,
 * before any packet leaves; what can be told from the URL alone is refused at
 * createWebhook.
 */

/** Always refused, whatever WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE says: cloud metadata services. */
const METADATA = new BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4');
METADATA.addAddress('fd00:ec2::254', 'ipv6');

/** Refused unless private targets are allowed: loopback, private, link-local, unique-local and the like. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64: may reach any IPv4 address
  ['2001:db8::', 32],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Why an address is refused, or undefined when a webhook may reach it. */
export function refusedAddress(address: string, allowPrivate: boolean): string | undefined {
  let family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  let v4 = address;
  // An IPv4-mapped IPv6 address reaches its IPv4 address: judge that one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) {
    v4 = mapped[1];
    family = 4;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const a = family === 4 ? v4 : address;
  if (METADATA.check(a, type)) return `${address} is a cloud metadata address`;
  if (!allowPrivate && PRIVATE.check(a, type)) {
    return `${address} is a loopback, private or link-local address (WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE is off)`;
  }
  return undefined;
}

/** A connection the guard refused; the attempt's error says why. */
export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
  readonly code = 'EWEBHOOKREFUSED';
}

/** How names are resolved: dns.lookup's shape, always asked for every address. Tests pass a stub. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A socket `lookup` that resolves with `resolver` and refuses the connection
 * when any address it got is refused: the check is on the addresses the
 * socket will connect to, not on an earlier answer.
 */
export function guardedLookup(allowPrivate: boolean, resolver: Resolver = dnsLookup): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: Function) => {
    const family = typeof options.family === 'number' ? options.family : 0;
    resolver(hostname, { ...options, family, all: true } as LookupAllOptions, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses ?? [];
      for (const a of list) {
        const why = refusedAddress(a.address, allowPrivate);
        if (why) return callback(new AddressRefusedError(`refused: ${hostname} resolved to ${why}`));
      }
      if (list.length === 0)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/** The host of a URL as an address when it is a literal one (brackets of IPv6 removed). */
export function literalAddress(hostname: string): string | undefined {
  const h = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(h) ? h : undefined;
}

/** Longest URL a webhook may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * What createWebhook/updateWebhook can tell at once about a URL: http or
 * https, no credentials, and a literal address the guard would refuse. A name
 * is checked when a connection is made.
 */
export function webhookUrlErrors(raw: string, allowPrivate: boolean, path: string[]): FieldError[] {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return [{ path, message: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` }];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [{ path, message: 'is not a URL' }];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [{ path, message: 'must be an http or https URL' }];
  if (url.username || url.password) return [{ path, message: 'must not carry credentials' }];
  const literal = literalAddress(url.hostname);
  if (literal) {
    const why = refusedAddress(literal, allowPrivate);
    if (why) return [{ path, message: `is refused: ${why}` }];
  }
  return [];
}
