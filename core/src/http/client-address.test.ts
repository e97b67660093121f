import { describe, expect, it } from 'vitest';
import { clientAddress, proxyList } from './client-address.js';

describe('client address', () => {
  it('is the socket address whatever X-Forwarded-For says, when no proxy is trusted', () => {
    expect(clientAddress('198.51.100.9', '1.2.3.4', proxyList([]))).toBe('198.51.100.9');
  });

  it('is the nearest untrusted hop when the socket is a trusted proxy', () => {
    const proxies = proxyList(['10.0.0.0/8', '::1']);
    // A client may prepend anything; only what the proxies appended counts.
    expect(clientAddress('10.0.0.2', 'spoofed, 203.0.113.5, 10.0.0.7', proxies)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.6', proxies)).toBe('203.0.113.6');
    expect(clientAddress('::1', undefined, proxies)).toBe('::1');
    expect(clientAddress('192.0.2.1', '203.0.113.5', proxies)).toBe('192.0.2.1');
  });
});
