// SSRF guard: the automation browses URLs that come from a database anyone could have edited, so it must
// never be pointed at the machine it runs on or the private network around it.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface SafetyPolicy {
  allowPrivate?: boolean;
  /** host or host:port entries (array or comma-separated string); `*.example.com` matches subdomains. */
  allowedHosts?: string[] | string;
}

const RESERVED_NAMES = /(^|\.)(example|invalid|test)\.?$|(^|\.)example\.(com|net|org)\.?$/;

export type SafetyVerdict = { ok: true; url: URL } | { ok: false; reason: string };

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
}

const V4_BLOCKS: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved + broadcast
];

function isPrivateV4(ip: string): boolean {
  const n = ipv4ToInt(ip);
  return V4_BLOCKS.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
  });
}

/** Expands an IPv6 address (with optional embedded IPv4 tail) into 8 16-bit groups. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase();
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const n = ipv4ToInt(tail[1]);
    s = s.slice(0, -tail[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : [];
  const fill = rest !== undefined ? 8 - h.length - r.length : 0;
  const groups = [...h, ...Array(Math.max(fill, 0)).fill('0'), ...r].map((g) => parseInt(g || '0', 16));
  return groups.length === 8 && groups.every((g) => Number.isFinite(g)) ? groups : null;
}

function v4FromGroups(a: number, b: number): string {
  return `${a >> 8}.${a & 0xff}.${b >> 8}.${b & 0xff}`;
}

/** True for loopback, private, link-local, CGNAT, multicast, reserved and unspecified addresses (IPv4 and IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').split('%')[0];
  const v = isIP(bare);
  if (v === 4) return isPrivateV4(bare);
  if (v !== 6) return true; // not an address at all: refuse rather than guess
  const g = ipv6Groups(bare);
  if (!g) return true;
  const [a, b, c, d, e, f, g6, h] = g;
  if (g.every((x) => x === 0)) return true; // ::
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g6 === 0 && h === 1) return true; // ::1
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0))
    return isPrivateV4(v4FromGroups(g6, h)); // v4-mapped / v4-compatible
  if (a === 0x64 && b === 0xff9b) return isPrivateV4(v4FromGroups(g6, h)); // NAT64
  if (a === 0x2002) return isPrivateV4(v4FromGroups(b, c)); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return true; // discard
  return false;
}

export function parseAllowedHosts(v: string[] | string | undefined): string[] {
  const list = Array.isArray(v) ? v : (v ?? '').split(',');
  return list.map((s) => s.trim().toLowerCase()).filter(Boolean);
}

function defaultPort(u: URL): string {
  return u.port || (u.protocol === 'https:' ? '443' : '80');
}

/** Whether `url`'s host (and port, when the entry names one) appears in the allow list. */
export function isHostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = defaultPort(url);
  return allowed.some((entry) => {
    let h = entry;
    let p: string | null = null;
    const v6 = entry.match(/^\[([^\]]+)\](?::(\d+))?$/);
    if (v6) {
      h = v6[1];
      p = v6[2] ?? null;
    } else if ((entry.match(/:/g) ?? []).length === 1) {
      [h, p] = entry.split(':');
    }
    if (p && p !== port) return false;
    if (h.startsWith('*.')) return host.endsWith(h.slice(1));
    return h === host;
  });
}

/**
 * Checks a URL before the browser may load it: http(s) only, no credentials, and no private/loopback/link-local
 * target (after DNS resolution; every resolved address must be public) unless allowed by policy.
 */
export async function checkUrlSafety(
  raw: string,
  policy: SafetyPolicy = {},
  resolve: Resolver = systemResolver,
): Promise<SafetyVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `Not a valid URL: ${raw}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `Only http(s) URLs are allowed, got ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: 'URLs with embedded credentials are not allowed' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // RFC 2606 names are demo data: no firm lives there, whatever a resolver might answer.
  if (RESERVED_NAMES.test(host))
    return { ok: false, reason: `Refusing reserved domain ${host} (demo data, not a real firm)` };
  if (policy.allowPrivate || isHostAllowed(url, parseAllowedHosts(policy.allowedHosts))) return { ok: true, url };

  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return { ok: false, reason: `Refusing private host ${host}` };
  }
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch (e) {
      return { ok: false, reason: `Could not resolve ${host}: ${(e as Error).message}` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `Could not resolve ${host}` };
  const bad = addresses.find(isPrivateAddress);
  if (bad) return { ok: false, reason: `Refusing private, loopback or link-local address ${bad} (${host})` };
  return { ok: true, url };
}
