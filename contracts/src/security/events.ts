/**
 * Events of the security module: stream `security-ip-<ip>` (one per client address). Violations,
 * blocks and unblocks of one address share a stream so the decision to block sees every violation.
 */
export const VIOLATION_TYPES = [
  'rate_limit',
  'brute_force',
  'honeypot',
  'user_agent',
  'fingerprint',
  'query_limit',
] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];

export type ViolationRecorded = {
  type: 'ViolationRecorded';
  data: {
    violationId: string;
    violationType: ViolationType;
    ip: string;
    method: string;
    endpoint: string;
    userAgent: string | null;
    userId: string | null;
    /** What tripped, for operators (e.g. "list limit 50 per 60 s (user)"). */
    detail: string | null;
    occurredAt: string;
  };
};
type IpBlocked = {
  type: 'IpBlocked';
  data: {
    ip: string;
    reason: string;
    blockedAt: string;
    /** null: until unblocked. */ expiresAt: string | null;
    blockedBy: string;
    automatic: boolean;
    /** The violations that led to an automatic block, newest last (absent on older events and manual blocks). */
    evidence?: BlockEvidence[];
  };
};
/** One violation as an operator sees it beside the block it led to. */
export type BlockEvidence = {
  violationType: ViolationType;
  method: string;
  endpoint: string;
  userAgent: string | null;
  occurredAt: string;
};
type IpUnblocked = { type: 'IpUnblocked'; data: { ip: string; unblockedAt: string; unblockedBy: string } };
export type SecurityEvent = ViolationRecorded | IpBlocked | IpUnblocked;
export const SECURITY_EVENT_TYPES = ['ViolationRecorded', 'IpBlocked', 'IpUnblocked'] as const;
export const securityIpStream = (ip: string) => `security-ip-${ip}`;
