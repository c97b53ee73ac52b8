import { normalizeIp } from '@fp/contracts';
import type { FastifyRequest } from 'fastify';
import { BlockList as NetBlockList, isIPv6 } from 'node:net';
import type { ViolationReport } from './service';

const IP = Symbol('security.clientIp');

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', 'fc00::/7', 'fe80::/10'],
};

/** Which peers may speak for the client in X-Forwarded-For (addresses, CIDR ranges, 'loopback', 'private'). */
export function proxyTrust(entries: readonly string[]): (ip: string) => boolean {
  const list = new NetBlockList();
  for (const entry of entries.flatMap((e) => NAMED[e.toLowerCase()] ?? [e])) {
    const [addr, bits] = entry.split('/');
    const ip = normalizeIp(addr ?? '');
    if (!ip) throw new Error(`SECURITY_TRUSTED_PROXIES: '${entry}' is not an address or range`);
    const type = isIPv6(ip) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return (ip) => list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}

/**
 * The client's address in canonical form: the socket's peer, or, while that peer is a trusted proxy,
 * the address it forwarded for (X-Forwarded-For read from the right).
 */
export function resolveClientIp(
  socketIp: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: (ip: string) => boolean,
): string {
  let ip = normalizeIp(socketIp ?? '') ?? socketIp ?? 'unknown';
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  while (hops.length && normalizeIp(ip) && trusted(ip)) {
    const next = normalizeIp(hops.pop()!);
    if (!next) break;
    ip = next;
  }
  return ip;
}

type WithIp = FastifyRequest & { [IP]?: string };

/** Resolves the client address once per request, first thing (the guards' first hook calls it). */
export function assignClientIp(req: FastifyRequest, trusted: (ip: string) => boolean): string {
  return ((req as WithIp)[IP] = resolveClientIp(
    req.raw.socket?.remoteAddress,
    req.headers['x-forwarded-for'],
    trusted,
  ));
}

export function clientIp(req: FastifyRequest): string {
  // Without the guards' hook (never in the app) the socket's peer is the only safe answer.
  return (req as WithIp)[IP] ?? assignClientIp(req, () => false);
}

export const pathOf = (req: FastifyRequest) => req.url.split('?')[0]!;

export function userAgentOf(req: FastifyRequest): string | undefined {
  const ua = req.headers['user-agent'];
  return Array.isArray(ua) ? ua[0] : ua;
}

/** A violation report about this request. */
export function reportFor(req: FastifyRequest, type: ViolationReport['type'], detail: string): ViolationReport {
  return {
    type,
    ip: clientIp(req),
    method: req.method,
    endpoint: pathOf(req),
    userAgent: userAgentOf(req) ?? null,
    userId: req.user?.id ?? null,
    detail,
  };
}
