import { IP_NOT_BLOCKED, type BlockEvidence, type SecurityEvent, type ViolationRecorded } from '@fp/contracts';
import { DomainError, type Decider, type CommandOf, type CommandMeta } from '../../platform/decider';

/** One client address: its current block and the violations since the last block or unblock. */
export interface IpState {
  blockedUntil: string | null;
  /** Blocked with no expiry (until an operator unblocks). */
  blockedForever: boolean;
  blocked: boolean;
  /** Violations since the last block or unblock that count toward a block of the address, newest last, capped. */
  recent: BlockEvidence[];
  /** Automatic blocks this address has had: the first is the shorter one. */
  autoBlocks: number;
}

export interface AutoBlockPolicy {
  /** Incidents (not single violations) within the window that block the address. */
  threshold: number;
  windowMs: number;
  /** Expiry of the second and later automatic blocks. */
  durationMs: number;
  /** Expiry of the address's first automatic block (shorter: it may be a person's mistake). */
  firstDurationMs: number;
  /** Violations this close to the incident's first one are one incident (one page load fires many calls). */
  burstMs: number;
}

/** How many violations an operator sees beside a block. */
const EVIDENCE_MAX = 10;

/** What a caller reports; the decider adds the id and the time. */
export type ViolationInput = Omit<ViolationRecorded['data'], 'violationId' | 'occurredAt'>;

export type SecurityCommand =
  | {
      type: 'RecordViolation';
      data: ViolationInput & {
        violationId: string;
        autoBlock: AutoBlockPolicy | null;
        /** Distinct signed-in users seen at this address lately: two or more, and the address is never blocked automatically. */
        signedInUsers: number;
      };
    }
  | { type: 'BlockIp'; data: { ip: string; reason: string; durationMs: number | null } }
  | { type: 'UnblockIp'; data: { ip: string } };

const RECENT_CAP = 1000;

export function isBlocked(state: IpState, now: Date): boolean {
  return (
    state.blocked &&
    (state.blockedForever || (state.blockedUntil !== null && Date.parse(state.blockedUntil) > now.getTime()))
  );
}

/**
 * Whether a violation is evidence against the whole address, or only against one session or user:
 * - a session opened by another browser (`fingerprint`: Android's "Desktop site", device mode) is a
 *   session's matter, answered by the session check, never the address's;
 * - a signed-in user's own excess (per-user limits, the scraping guard) is answered per user (429);
 * - honeypots, which no page of the product calls, and anything anonymous count against the address.
 */
function countsTowardAddress(v: Pick<ViolationInput, 'violationType' | 'userId'>): boolean {
  if (v.violationType === 'fingerprint') return false;
  if (v.violationType === 'honeypot') return true;
  return v.userId === null;
}

/**
 * Incidents among the counting violations within the window: violations less than `burstMs` after
 * an incident's first one belong to it (one page load refused for its agent is one incident, not
 * five). A honeypot hit is always an incident of its own: no page load makes one.
 */
function incidents(violations: readonly BlockEvidence[], burstMs: number): number {
  let count = 0;
  let start = -Infinity;
  for (const v of violations) {
    const t = Date.parse(v.occurredAt);
    if (v.violationType === 'honeypot' || t - start >= burstMs) {
      count++;
      start = t;
    }
  }
  return count;
}

const evidenceOf = (d: ViolationRecorded['data']): BlockEvidence => ({
  violationType: d.violationType,
  method: d.method,
  endpoint: d.endpoint,
  userAgent: d.userAgent,
  occurredAt: d.occurredAt,
});

export const securityDecider: Decider<IpState, SecurityCommand, SecurityEvent> = {
  initialState: () => ({ blocked: false, blockedUntil: null, blockedForever: false, recent: [], autoBlocks: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'ViolationRecorded':
        if (!countsTowardAddress(event.data)) return state;
        return { ...state, recent: [...state.recent, evidenceOf(event.data)].slice(-RECENT_CAP) };
      case 'IpBlocked':
        // A block settles the violations that led to it: after it ends, counting starts afresh.
        return {
          blocked: true,
          blockedUntil: event.data.expiresAt,
          blockedForever: event.data.expiresAt === null,
          recent: [],
          autoBlocks: state.autoBlocks + (event.data.automatic ? 1 : 0),
        };
      case 'IpUnblocked':
        return { ...state, blocked: false, blockedUntil: null, blockedForever: false, recent: [] };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'RecordViolation':
        return recordViolation(command, state, meta);
      case 'BlockIp':
        return blockIp(command, state, meta);
      case 'UnblockIp':
        return unblockIp(command, state, meta);
    }
  },
};

function recordViolation(
  command: CommandOf<SecurityCommand, 'RecordViolation'>,
  state: IpState,
  meta: CommandMeta,
): SecurityEvent[] {
  const now = meta.now;
  const { autoBlock, violationId, signedInUsers, ...v } = command.data;
  const data = { violationId, ...v, occurredAt: now.toISOString() };
  const recorded: SecurityEvent = { type: 'ViolationRecorded', data };
  if (!autoBlock || isBlocked(state, now) || !countsTowardAddress(v)) return [recorded];
  // Several people signed in from here (an office, a mobile carrier): one person's signals do not lock out the rest.
  if (signedInUsers >= 2) return [recorded];
  const since = now.getTime() - autoBlock.windowMs;
  const counted = [...state.recent.filter((e) => Date.parse(e.occurredAt) > since), evidenceOf(data)];
  const inWindow = incidents(counted, autoBlock.burstMs);
  if (inWindow < autoBlock.threshold) return [recorded];
  const minutes = Math.max(1, Math.round(autoBlock.windowMs / 60_000));
  const durationMs = state.autoBlocks === 0 ? autoBlock.firstDurationMs : autoBlock.durationMs;
  return [
    recorded,
    {
      type: 'IpBlocked',
      data: {
        ip: v.ip,
        reason: `${inWindow} incidents within ${minutes} min (last: ${v.violationType} on ${v.method} ${v.endpoint})`,
        blockedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + durationMs).toISOString(),
        blockedBy: 'system',
        automatic: true,
        evidence: counted.slice(-EVIDENCE_MAX),
      },
    },
  ];
}

function blockIp(command: CommandOf<SecurityCommand, 'BlockIp'>, state: IpState, meta: CommandMeta): SecurityEvent[] {
  const now = meta.now;
  const { ip, reason, durationMs } = command.data;
  if (!reason.trim()) throw new DomainError('A reason is required to block an IP address');
  if (durationMs !== null && (!Number.isFinite(durationMs) || durationMs <= 0))
    throw new DomainError('The block duration must be positive');
  const expiresAt = durationMs === null ? null : new Date(now.getTime() + durationMs).toISOString();
  return [
    {
      type: 'IpBlocked',
      data: {
        ip,
        reason: reason.trim(),
        blockedAt: now.toISOString(),
        expiresAt,
        blockedBy: meta.actor,
        automatic: false,
      },
    },
  ];
}

function unblockIp(
  command: CommandOf<SecurityCommand, 'UnblockIp'>,
  state: IpState,
  meta: CommandMeta,
): SecurityEvent[] {
  const now = meta.now;
  if (!isBlocked(state, now)) throw new DomainError(IP_NOT_BLOCKED, 404, 'not_blocked');
  return [
    {
      type: 'IpUnblocked',
      data: { ip: command.data.ip, unblockedAt: now.toISOString(), unblockedBy: meta.actor },
    },
  ];
}
