import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses that belong to this machine or its private networks: the server never sends a request
 * there on a user's say-so (a push subscription names the URL the server POSTs to).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/;

/** An IP address (v4, v6, or v4 mapped into v6) on this machine or a private network. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family === 6) return PRIVATE.check(bare, 'ipv6');
  return false;
}

/** A host name or address that can only mean this machine or its networks. */
export function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (isPrivateAddress(name)) return true;
  // A single-label name ('router', 'db') only resolves on a local network.
  return LOCAL_NAMES.test(name) || (isIP(name.replace(/^\[|\]$/g, '')) === 0 && !name.includes('.'));
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup for outgoing requests to addresses users supply: a name that resolves to a private
 * address fails, at connection time, so a name that changes what it points at later is caught too.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      const denied = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family);
  });
}
