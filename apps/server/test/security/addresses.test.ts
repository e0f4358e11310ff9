/**
 * Issue 34: IPv4-compatible IPv6 addresses (`[::127.0.0.1]`, `[::a9fe:a9fe]`) passed the
 * public-address check as plain unicast. Every IPv6 form that carries an IPv4 address is judged
 * by that address, or refused where it cannot be read (security/addresses.ts).
 */
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/security/addresses';

describe('public-address check', () => {
  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', 'IPv4-compatible link-local metadata (169.254.169.254)'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::8.8.8.8', 'IPv4-compatible, even of a public address (deprecated, never needed)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:0:127.0.0.1', 'SIIT-translated loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b::192.168.1.1', 'NAT64 of a private address'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of metadata'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique local'],
    ['10.0.0.1', 'private IPv4'],
    ['169.254.169.254', 'link-local IPv4'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    ['8.8.8.8', 'public IPv4'],
    ['2001:4860:4860::8888', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address (DNS64 on an IPv6-only network)'],
    ['2002:808:808::1', '6to4 of a public address'],
  ])('accepts %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});
