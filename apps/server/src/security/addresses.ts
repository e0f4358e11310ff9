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
 * True for a public unicast address. ipaddr.js names every special range (private, loopback,
 * linkLocal, uniqueLocal, multicast, unspecified, carrierGradeNat, 6to4, teredo, NAT64 ...);
 * only the plain `unicast` range is the public internet. IPv4-mapped IPv6 (::ffff:10.0.0.1) is
 * judged by the IPv4 address inside.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr.range() === 'unicast';
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
