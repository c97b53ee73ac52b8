import { z } from 'zod';

export const RATE_LIMIT_EXCEEDED = 'Rate limit exceeded. Please slow down.';
export const IP_BLOCKED = 'Access denied: this IP address has been blocked.';
export const AUTOMATED_CLIENT = 'Automated clients are not allowed.';
export const SUSPICIOUS_ACTIVITY = 'Suspicious activity detected.';
/** A signed-in session opened by another browser than the one that signed in (fingerprint check in block mode). */
export const SIGN_IN_AGAIN = 'Please sign in again on this browser.';
const INVALID_IP = 'Please enter a valid IPv4 or IPv6 address';
const IP_REQUIRED = 'IP address is required';
export const IP_NOT_BLOCKED = 'This IP address is not blocked';

/**
 * Name of the hidden form field only bots fill in. Forms may carry it (empty); the server strips it,
 * and a non-empty value records a honeypot violation.
 */
export const HONEYPOT_FIELD = 'confirm_email_address';

/**
 * Canonical text of an IP address: IPv4 as is, IPv6 lower-case and compressed, IPv4-mapped IPv6
 * (::ffff:a.b.c.d) as its IPv4 address. Returns null when the text is not an address.
 */
export function normalizeIp(raw: string): string | null {
  const ip = raw.trim();
  if (z.ipv4().safeParse(ip).success) return ip;
  if (!z.ipv6().safeParse(ip).success) return null;
  // The WHATWG URL parser writes IPv6 hosts in their canonical (RFC 5952) form.
  const host = new URL(`http://[${ip}]`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hex) {
    const a = parseInt(hex[1]!, 16);
    const b = parseInt(hex[2]!, 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return host;
}

export const IpAddress = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? IP_REQUIRED : INVALID_IP) })
  .trim()
  .min(1, IP_REQUIRED)
  .max(64, INVALID_IP)
  .transform((v, ctx) => {
    const ip = normalizeIp(v);
    if (!ip) {
      ctx.addIssue({ code: 'custom', message: INVALID_IP });
      return z.NEVER;
    }
    return ip;
  });

/** POST /api/security/unblock-ip */
export const UnblockIpRequest = z.strictObject({ ip: IpAddress });
export type UnblockIpRequest = z.input<typeof UnblockIpRequest>;

export const RecentViolation = z.object({
  type: z.string(),
  ip: z.string(),
  endpoint: z.string(),
  timestamp: z.string(),
  userAgent: z.string().nullable(),
});
export type RecentViolation = z.infer<typeof RecentViolation>;

/** GET /api/security/status (spec §3: Security status). */
export const SecurityStatusResponse = z.object({
  totalViolations: z.number().int().min(0),
  blockedIps: z.number().int().min(0),
  violationsByType: z.record(z.string(), z.number().int().min(0)),
  /** Newest first, last 24 hours, at most RECENT_VIOLATIONS_MAX. */
  recentViolations: z.array(RecentViolation),
  /**
   * What the server does with what it detects, from its configuration: `blocking` (automated
   * clients or repeat offenders are refused), `log_only` (recorded, not refused), `off`. Rate
   * limits answer 429 in every mode.
   */
  protection: z.object({
    mode: z.enum(['blocking', 'log_only', 'off']),
    autoBlock: z.boolean(),
    userAgentMode: z.enum(['off', 'log', 'block']),
    fingerprintMode: z.enum(['off', 'log', 'block']),
  }),
});
export type SecurityStatusResponse = z.infer<typeof SecurityStatusResponse>;
export const RECENT_VIOLATIONS_MAX = 200;

/**
 * GET /api/security/debug (admins only): what the security dashboard's debug card shows. Never in the
 * public /api/config, so a founder's browser is never sent the environment or the keys.
 */
export const SecurityDebugResponse = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  environment: z.string(),
  identityProvider: z.enum(['better-auth', 'supertokens']),
  apiBase: z.string(),
  /** The identity provider's publishable key (not a secret, but an operator's business only). */
  publishableKey: z.string(),
});
export type SecurityDebugResponse = z.infer<typeof SecurityDebugResponse>;

export const BlockedIp = z.object({
  ip: z.string(),
  reason: z.string(),
  blockedAt: z.string(),
  /** null: blocked until someone unblocks it. */
  expiresAt: z.string().nullable(),
  blockedBy: z.string(),
  automatic: z.boolean(),
  /** The violations that led to an automatic block, oldest first (empty for manual blocks). */
  evidence: z.array(
    z.object({
      violationType: z.string(),
      method: z.string(),
      endpoint: z.string(),
      userAgent: z.string().nullable(),
      occurredAt: z.string(),
    }),
  ),
});
export type BlockedIp = z.infer<typeof BlockedIp>;

/** GET /api/security/violations-per-hour?hours=24 */
export const ViolationsPerHourQuery = z.strictObject({
  hours: z.coerce.number().int().min(1).max(168).default(24),
});
export const HourlyViolations = z.object({
  /** Start of the hour (ISO, UTC). */
  hour: z.string(),
  total: z.number().int().min(0),
  byType: z.record(z.string(), z.number().int().min(0)),
});
export type HourlyViolations = z.infer<typeof HourlyViolations>;

/** The security dashboard's routes (merged into `ApiContract`): admins only. */
export interface SecurityApi {
  securityStatus: { GET: { response: SecurityStatusResponse } };
  securityDebug: { GET: { response: SecurityDebugResponse } };
  /** Active blocks, newest first. */
  securityBlockedIps: { GET: { response: { blockedIps: BlockedIp[] } } };
  securityViolationsPerHour: {
    GET: { query: z.input<typeof ViolationsPerHourQuery>; response: { hours: HourlyViolations[] } };
  };
  securityUnblockIp: { POST: { body: UnblockIpRequest; response: { ip: string; unblocked: true } } };
}
