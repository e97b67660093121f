import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/** The configured reverse proxies (addresses or CIDR ranges) as one lookup. */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(plain);
  return family !== 0 && proxies.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the socket's, unless the socket is a configured proxy — then the nearest address in
 * X-Forwarded-For that is not a proxy. A client's own X-Forwarded-For is never believed, so it cannot pick
 * the address the login limit counts.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, proxies: BlockList): string {
  if (!isTrusted(proxies, socketAddress) || !forwardedFor) return socketAddress;
  const hops = forwardedFor.split(',').map((hop) => hop.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    if (!isTrusted(proxies, hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? socketAddress;
}

/** Sets ctx.ip, and HTTPS as seen by a trusted proxy (X-Forwarded-Proto) so Secure cookies can be sent. */
export function clientAddressMiddleware(trustedProxies: readonly string[]) {
  const proxies = proxyList(trustedProxies);
  return async (ctx: Context, next: Next) => {
    const socketAddress = ctx.req.socket.remoteAddress ?? '';
    ctx.request.ip = clientAddress(socketAddress, ctx.get('x-forwarded-for') || undefined, proxies);
    if (isTrusted(proxies, socketAddress) && ctx.get('x-forwarded-proto').split(',')[0]?.trim() === 'https') {
      ctx.cookies.secure = true;
    }
    await next();
  };
}
