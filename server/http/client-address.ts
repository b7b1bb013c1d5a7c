import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * The address of the client a per-address rule counts. Behind a trusted reverse proxy that is the hop the proxy
 * appended to X-Forwarded-For (the last one: earlier entries are whatever the client claimed); otherwise the
 * connection's own address.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[hops.length - 1];
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}

const isLoopbackAddress = (address: string) => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

/**
 * Whether the request comes from this machine itself. A request a proxy forwarded is not, even when the proxy
 * runs here: it stands for someone outside.
 */
export function isFromThisMachine(c: Context): boolean {
  if (FORWARDING_HEADERS.some((header) => c.req.header(header) !== undefined)) return false;
  return isLoopbackAddress(getConnInfo(c).remote.address ?? '');
}
