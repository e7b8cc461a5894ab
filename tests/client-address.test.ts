// Per-address rate limits count IPv4 as it is and IPv6 by its /64 (server/services/client-address.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from '../server/services/client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps IPv4, and reads IPv4-mapped IPv6 as the IPv4 address, however it is written', () => {
    expect(rateLimitAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(rateLimitAddress('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys IPv6 by its first 64 bits, whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::9%eth0']) {
      expect(rateLimitAddress(address), address).toBe(key);
    }
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(key);
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('gives every address of one /64 the same key, and different /64s different keys (property)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const prefix = fc.array(group, { minLength: 4, maxLength: 4 }).filter((g) => g[0] !== 0);
    const hosts = fc.array(group, { minLength: 4, maxLength: 4 });
    const write = (groups: number[]) => groups.map((g) => g.toString(16)).join(':');
    fc.assert(
      fc.property(prefix, hosts, hosts, prefix, (p, a, b, other) => {
        expect(rateLimitAddress(write([...p, ...a]))).toBe(rateLimitAddress(write([...p, ...b])));
        if (write(p) !== write(other)) expect(rateLimitAddress(write([...p, ...a]))).not.toBe(rateLimitAddress(write([...other, ...a])));
      }),
    );
  });
});
