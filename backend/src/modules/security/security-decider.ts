import { IP_NOT_BLOCKED, type SecurityEvent, type ViolationRecorded } from '@fp/contracts';
import { DomainError, type Decider, type CommandOf, type CommandMeta } from '../../platform/decider';

/** One client address: its current block and the violations since the last block or unblock. */
export interface IpState {
  blockedUntil: string | null;
  /** Blocked with no expiry (until an operator unblocks). */
  blockedForever: boolean;
  blocked: boolean;
  /** Times (ISO) of violations since the last block or unblock, newest last, capped. */
  recent: string[];
}

export interface AutoBlockPolicy {
  threshold: number;
  windowMs: number;
  durationMs: number;
}

/** What a caller reports; the decider adds the id and the time. */
export type ViolationInput = Omit<ViolationRecorded['data'], 'violationId' | 'occurredAt'>;

export type SecurityCommand =
  | { type: 'RecordViolation'; data: ViolationInput & { violationId: string; autoBlock: AutoBlockPolicy | null } }
  | { type: 'BlockIp'; data: { ip: string; reason: string; durationMs: number | null } }
  | { type: 'UnblockIp'; data: { ip: string } };

const RECENT_CAP = 1000;

export function isBlocked(state: IpState, now: Date): boolean {
  return (
    state.blocked &&
    (state.blockedForever || (state.blockedUntil !== null && Date.parse(state.blockedUntil) > now.getTime()))
  );
}

export const securityDecider: Decider<IpState, SecurityCommand, SecurityEvent> = {
  initialState: () => ({ blocked: false, blockedUntil: null, blockedForever: false, recent: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'ViolationRecorded':
        return { ...state, recent: [...state.recent, event.data.occurredAt].slice(-RECENT_CAP) };
      case 'IpBlocked':
        // A block settles the violations that led to it: after it ends, counting starts afresh.
        return {
          blocked: true,
          blockedUntil: event.data.expiresAt,
          blockedForever: event.data.expiresAt === null,
          recent: [],
        };
      case 'IpUnblocked':
        return { blocked: false, blockedUntil: null, blockedForever: false, recent: [] };
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
  const { autoBlock, violationId, ...v } = command.data;
  const recorded: SecurityEvent = {
    type: 'ViolationRecorded',
    data: { violationId, ...v, occurredAt: now.toISOString() },
  };
  if (!autoBlock || isBlocked(state, now)) return [recorded];
  const since = now.getTime() - autoBlock.windowMs;
  const inWindow = state.recent.filter((t) => Date.parse(t) > since).length + 1;
  if (inWindow < autoBlock.threshold) return [recorded];
  const minutes = Math.max(1, Math.round(autoBlock.windowMs / 60_000));
  return [
    recorded,
    {
      type: 'IpBlocked',
      data: {
        ip: v.ip,
        reason: `${inWindow} violations within ${minutes} min (last: ${v.violationType} on ${v.method} ${v.endpoint})`,
        blockedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + autoBlock.durationMs).toISOString(),
        blockedBy: 'system',
        automatic: true,
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
