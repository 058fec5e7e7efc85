import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

// The sandbox's network guard (ADR 012): integration code may reach public http(s)
// addresses only. Every address is checked, whether the URL names it literally or DNS resolves
// the name to it, and the caller connects to the address that was checked (no second lookup, so
// a name cannot be rebound to 127.0.0.1 between the check and the connection).

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'unique-local'
  | 'link-local'
  | 'cloud metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** Opened by allowPrivateNetwork (SANDBOX_ALLOW_PRIVATE_NETWORK) for development and tests. */
const PRIVATE_CLASSES = new Set<AddressClass>([
  'loopback',
  'private',
  'carrier-grade NAT',
  'unique-local',
]);

function blockList(entries: Array<[string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of entries) {
    list.addSubnet(network, prefix, isIPv4(network) ? 'ipv4' : 'ipv6');
  }
  return list;
}

// Cloud instance metadata endpoints: never reachable, not even with allowPrivateNetwork.
// 169.254.169.254 (AWS, GCP, Azure...), Alibaba Cloud's, and AWS's IPv6 endpoint fd00:ec2::254
// (written out in full, as ipv6Groups gives it).
const METADATA = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2:0:0:0:0:0:254']);

// Checked in order; the first match names the class. IPv4 ranges from RFC 6890's registry.
const RANGES: Array<[AddressClass, BlockList]> = [
  [
    'unspecified',
    blockList([
      ['0.0.0.0', 8],
      ['::', 128],
    ]),
  ],
  [
    'loopback',
    blockList([
      ['127.0.0.0', 8],
      ['::1', 128],
    ]),
  ],
  [
    'private',
    blockList([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ]),
  ],
  ['carrier-grade NAT', blockList([['100.64.0.0', 10]])],
  [
    'link-local',
    blockList([
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ]),
  ],
  [
    'unique-local',
    blockList([
      ['fc00::', 7],
      ['fec0::', 10],
    ]),
  ],
  [
    'multicast',
    blockList([
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ]),
  ],
  [
    'reserved',
    blockList([
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation
      ['198.18.0.0', 15], // benchmarking
      ['198.51.100.0', 24], // documentation
      ['203.0.113.0', 24], // documentation
      ['240.0.0.0', 4], // reserved, and 255.255.255.255
      ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
      ['100::', 64], // discard-only
      ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
      ['2001:db8::', 32], // documentation
      ['3fff::', 20], // documentation
      ['5f00::', 16], // SRv6 segment identifiers
    ]),
  ],
];

// IPv6 unicast on the internet is 2000::/3 (the IANA IPv6 address space registry); everything
// outside it that no range above names is reserved. That covers the local-use NAT64 prefix
// 64:ff9b:1::/48 (RFC 8215), whose operator chooses where the IPv4 address sits, so it cannot be
// read out and judged like the well-known prefix's.
const GLOBAL_UNICAST_IPV6 = blockList([['2000::', 3]]);

/** Parses an IPv6 address (no brackets, no zone) into eight 16-bit groups. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = 8 - left.length - right.length;
  return [...left, ...Array<number>(Math.max(0, zeros)).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that can route to it where a
 * translator or tunnel is deployed: IPv4-mapped (::ffff:a.b.c.d), SIIT's IPv4-translated
 * (::ffff:0:a.b.c.d, RFC 2765), IPv4-compatible (::a.b.c.d), NAT64's well-known prefix
 * (64:ff9b::a.b.c.d) and 6to4 (2002:ab:cd::). Teredo (2001::/32) and the local-use NAT64
 * prefix are blocked whole instead (RANGES), ISATAP ids are read by isatapIPv4.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4(g6, g7);
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4(g6, g7); // not :: or ::1
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4(g6, g7);
  }
  if (g0 === 0x2002) return v4(g1, g2);
  return null;
}

/**
 * The IPv4 address in an ISATAP interface id (RFC 5214): 0000:5efe or 0200:5efe (u/g bits
 * aside), then the address. It can follow any prefix, so it only ever adds a reason to block.
 */
function isatapIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const [, , , , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if ((g4 & 0xfcff) !== 0 || g5 !== 0x5efe) return null;
  return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
}

/** What kind of address this is; an IPv6 form carrying an IPv4 address is judged by the latter. */
export function classifyAddress(address: string): AddressClass {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const inner = isIPv6(plain) ? embeddedIPv4(plain) : null;
  if (inner !== null) return classifyAddress(inner);
  const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
  if (family === null) return 'reserved';
  const canonical =
    family === 'ipv6'
      ? ipv6Groups(plain)
          ?.map((x) => x.toString(16))
          .join(':')
      : plain;
  if (METADATA.has(plain) || (canonical && METADATA.has(canonical))) return 'cloud metadata';
  if (family === 'ipv6' && canonical === 'fd00:ec2:0:0:0:0:0:254') return 'cloud metadata';
  for (const [name, list] of RANGES) {
    if (list.check(plain, family)) return name;
  }
  if (family === 'ipv6' && !GLOBAL_UNICAST_IPV6.check(plain, 'ipv6')) return 'reserved';
  const isatap = family === 'ipv6' ? isatapIPv4(plain) : null;
  return isatap === null ? 'public' : classifyAddress(isatap);
}

/** What kind of blocked address this is ('a loopback address'), or null when it may be reached. */
export function addressBlockReason(address: string, allowPrivateNetwork: boolean): string | null {
  const kind = classifyAddress(address);
  if (kind === 'public') return null;
  if (allowPrivateNetwork && PRIVATE_CLASSES.has(kind)) return null;
  return `${/^([aeio]|un[^i])/.test(kind) ? 'an' : 'a'} ${kind} address`;
}

/** Thrown for a URL or address the sandbox may not reach. Retrying cannot help. */
export class BlockedRequestError extends Error {
  override name = 'BlockedRequestError';
  readonly retryable = false;
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: LookupAll = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

export interface ResolvedTarget {
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Rejects what is not an http(s) URL the sandbox may use, before any lookup. */
export function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedRequestError(`only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new BlockedRequestError('URLs with credentials (user:password@) are not allowed');
  }
}

/**
 * Checks the URL and every address its host resolves to, and returns the address to connect
 * to. A name with any blocked address is refused as a whole: an attacker's DNS answer cannot
 * mix a public address with a private one and hope the connection picks the latter.
 */
export async function resolveTarget(
  url: URL,
  options: { allowPrivateNetwork: boolean; lookup?: LookupAll },
): Promise<ResolvedTarget> {
  checkUrl(url);
  const host = hostOf(url);
  const literal = isIPv4(host) ? 4 : isIPv6(host) ? 6 : 0;
  if (literal !== 0) {
    const reason = addressBlockReason(host, options.allowPrivateNetwork);
    if (reason) throw new BlockedRequestError(`blocked by the network guard: ${host} is ${reason}`);
    return { address: host, family: literal };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new Error(`cannot resolve ${host} (${code})`, { cause: error });
  }
  if (addresses.length === 0) throw new Error(`cannot resolve ${host} (no addresses)`);
  for (const { address } of addresses) {
    const reason = addressBlockReason(address, options.allowPrivateNetwork);
    // The host and the reason, never the address: the code must not learn what an internal
    // name resolves to.
    if (reason) {
      throw new BlockedRequestError(`blocked by the network guard: ${host} resolves to ${reason}`);
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
