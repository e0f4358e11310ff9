/**
 * Which network addresses the server may connect to on a user's behalf (push endpoints, proxied
 * images). Only public unicast addresses: a user must not make the server reach loopback, the
 * private network, link-local metadata services (169.254.169.254) and the like (SSRF).
 *
 * A URL is checked twice: when it is stored (its host resolves to public addresses only) and again
 * when the server connects, through `publicOnlyLookup`, because DNS can answer differently later.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 forms that carry an IPv4 address inside: the connection may end up at that IPv4 address
 * (the kernel, a NAT64 gateway or a 6to4 relay turns one into the other), so they are judged by
 * it. `at` is the index of the 16-bit part where the IPv4 address starts.
 * - IPv4-mapped `::ffff:a.b.c.d` and NAT64's well-known prefix `64:ff9b::a.b.c.d` (what DNS64
 *   answers on an IPv6-only network) are ordinary ways to reach a public IPv4 host;
 * - 6to4 `2002:AABB:CCDD::/48` names its relay's IPv4 address.
 * ipaddr.js only names these ranges (so they never count as `unicast`), and it does not name the
 * deprecated IPv4-compatible form `::a.b.c.d` at all: that one is in DEAD_IPV6 below.
 */
const EMBEDS_IPV4: { prefix: [ipaddr.IPv6, number]; at: number }[] = [
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), at: 6 },
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), at: 6 },
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), at: 1 },
];

/**
 * IPv6 ranges never connected to, whatever ipaddr.js calls them: IPv4-compatible `::a.b.c.d`
 * (deprecated since 2006; `[::127.0.0.1]` and `[::a9fe:a9fe]` reached the probe's check as
 * "unicast"), SIIT's `::ffff:0:a.b.c.d`, NAT64 prefixes of a local network (64:ff9b:1::/48, where
 * the IPv4 address may sit anywhere) and Teredo (its IPv4 addresses are obfuscated).
 */
const DEAD_IPV6: [ipaddr.IPv6, number][] = ['::/96', '::ffff:0:0:0/96', '64:ff9b:1::/48', '2001::/32'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

/**
 * True for a public unicast address. ipaddr.js names every special range (private, loopback,
 * linkLocal, uniqueLocal, multicast, unspecified, carrierGradeNat ...); only the plain `unicast`
 * range is the public internet. An IPv6 address carrying an IPv4 one is judged by the IPv4
 * address inside (EMBEDS_IPV4), and a few forms are never public (DEAD_IPV6).
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(dottedTailAsHex(ip));
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedding = EMBEDS_IPV4.find((e) => v6.match(e.prefix));
  if (embedding) return isPublicAddress(embeddedIpv4(v6, embedding.at));
  if (DEAD_IPV6.some((range) => v6.match(range))) return false;
  return v6.range() === 'unicast';
}

/**
 * `::8.8.8.8` as `::808:808`: ipaddr.js reads any IPv6 text ending in a dotted IPv4 address as
 * IPv4-mapped (`::ffff:8.8.8.8`), which would judge the IPv4-compatible form by its IPv4 address.
 */
function dottedTailAsHex(ip: string): string {
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (!tail || !ipaddr.IPv4.isValidFourPartDecimal(tail[2]!)) return ip;
  const [a, b, c, d] = ipaddr.IPv4.parse(tail[2]!).octets as [number, number, number, number];
  return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** The IPv4 address in two 16-bit parts of an IPv6 address, starting at part `at`. */
function embeddedIpv4(v6: ipaddr.IPv6, at: number): string {
  const high = v6.parts[at] ?? 0;
  const low = v6.parts[at + 1] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or undefined for a name. */
export function ipLiteralOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? host : undefined;
}

export type Resolver = (hostname: string) => Promise<string[]>;

/** Every address the system resolver gives for a name (what a connection may end up using). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );

/**
 * Whether a URL's host is public: an IP literal is judged as is (the WHATWG URL parser has already
 * turned `2130706433`, `0x7f.1` and `0177.0.0.1` into `127.0.0.1`); a name must resolve, and to
 * public addresses only. A name that does not resolve counts as not public.
 */
export async function hasPublicHost(url: URL, resolve: Resolver = systemResolver): Promise<boolean> {
  const literal = ipLiteralOf(url);
  if (literal) return isPublicAddress(literal);
  try {
    const addresses = await resolve(url.hostname);
    return addresses.length > 0 && addresses.every(isPublicAddress);
  } catch {
    return false;
  }
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A `lookup` for http(s).request and agents that fails when a name resolves to any non-public
 * address, so the check holds for the address actually connected. Node does not call `lookup` for
 * an IP literal: callers check those with `isPublicAddress` before connecting. With
 * `publicOnly` false it only resolves through `resolve` (tests' DNS with PUSH_ALLOW_PRIVATE).
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver, publicOnly = true): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = publicOnly ? addresses.find((a) => !isPublicAddress(a)) : undefined;
        if (addresses.length === 0 || bad !== undefined) {
          callback(new PrivateAddressError(`${hostname} resolves to a non-public address ${bad ?? '(none)'}`));
          return;
        }
        const entries: LookupAddress[] = addresses.map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        }));
        const first = entries[0] as LookupAddress;
        if (options.all) callback(null, entries);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err),
    );
  }) as LookupFunction;
}
