/** The address rate limits count: IPv6 per /64, IPv4-mapped IPv6 as IPv4. */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/services/client-address';

describe('addressKey', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts an IPv6 address by its /64', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('keeps what it cannot parse', () => {
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('')).toBe('');
  });
});
