/**
 * The client address as rate limits count it. One IPv6 host usually holds a whole /64 (SLAAC,
 * privacy addresses), so an IPv6 address counts per /64 prefix; an IPv4-mapped IPv6 address
 * counts as its IPv4 address. Anything unparsable is counted as given.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
