import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must never reach unless private networks are allowed: this host, the studio's own networks and
 * everything that is not a public unicast address (so a registered URL cannot be used to probe the inside).
 */
const blockedV4 = new BlockList();
// A list of its own: BlockList checks an IPv4 address against IPv6 rules as ::ffff:a.b.c.d, which ::ffff:0:0/96 holds.
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: refused whatever the IPv4 address
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: may reach a private IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is one a webhook may be sent to when private networks are not allowed. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blockedV4.check(address, 'ipv4') : !blockedV6.check(address, 'ipv6');
}

/** A refused address: the delivery fails with this message (the admin's delivery log shows it). */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${address} is not a public address: webhooks are not sent there`
        : `${host} resolves to ${address}, which is not a public address: webhooks are not sent there`,
    );
  }
}

/** A URL's host as an IP literal (IPv6 without brackets), or null when it is a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * A `lookup` for http(s).request that resolves the host, checks every address it resolves to (all must be public: a
 * name that also resolves inside is refused) and hands the connection exactly the addresses it checked, so nothing
 * can re-resolve in between. `resolve` is the system's resolver unless a test gives its own.
 */
export function guardedLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new PrivateAddressError(hostname, bad.address), '', 4);
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
        if (options.all) return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    );
  };
}
