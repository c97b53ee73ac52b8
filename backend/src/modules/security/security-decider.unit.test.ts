import type { SecurityEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import { isBlocked, securityDecider, type AutoBlockPolicy, type SecurityCommand } from './security-decider';
import type { ViolationType } from '@fp/contracts';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const meta = (now: Date, actor = 'system') => ({ now, actor });
const policy: AutoBlockPolicy = {
  threshold: 3,
  windowMs: 60_000,
  durationMs: 3600_000,
  firstDurationMs: 600_000,
  burstMs: 500,
};

const given = (events: SecurityEvent[]) => givenHistory(securityDecider, ...events).state;
const when = (events: SecurityEvent[], command: SecurityCommand, now: Date, actor?: string) =>
  givenHistory(securityDecider, ...events)
    .when(command, meta(now, actor))
    .produced();

const violation = (
  ms: number,
  id = `v${ms}`,
  violationType: ViolationType = 'rate_limit',
  userId: string | null = null,
): SecurityEvent => ({
  type: 'ViolationRecorded',
  data: {
    violationId: id,
    violationType,
    ip: '203.0.113.9',
    method: 'GET',
    endpoint: '/api/vc-firms',
    userAgent: 'curl/8',
    userId,
    detail: null,
    occurredAt: at(ms).toISOString(),
  },
});
const record = (
  autoBlock: AutoBlockPolicy | null = policy,
  over: { violationType?: ViolationType; userId?: string | null; signedInUsers?: number } = {},
): SecurityCommand => ({
  type: 'RecordViolation',
  data: {
    violationId: 'new',
    violationType: over.violationType ?? 'honeypot',
    ip: '203.0.113.9',
    method: 'GET',
    endpoint: '/wp-login.php',
    userAgent: 'curl/8',
    userId: over.userId ?? null,
    detail: 'honeypot route',
    autoBlock,
    signedInUsers: over.signedInUsers ?? 0,
  },
});
const types = (events: SecurityEvent[]) => events.map((e) => e.type);
const blocked = (ms: number, expiresInMs: number | null): SecurityEvent => ({
  type: 'IpBlocked',
  data: {
    ip: '203.0.113.9',
    reason: 'r',
    blockedAt: at(ms).toISOString(),
    expiresAt: expiresInMs === null ? null : at(ms + expiresInMs).toISOString(),
    blockedBy: 'system',
    automatic: true,
  },
});

describe('security decider', () => {
  it('records a violation with the time of the command', () => {
    expect(when([], record(), at(0))).toEqual([
      {
        type: 'ViolationRecorded',
        data: {
          violationId: 'new',
          violationType: 'honeypot',
          ip: '203.0.113.9',
          method: 'GET',
          endpoint: '/wp-login.php',
          userAgent: 'curl/8',
          userId: null,
          detail: 'honeypot route',
          occurredAt: at(0).toISOString(),
        },
      },
    ]);
  });

  it('blocks the address when the threshold is reached within the window', () => {
    const events = when([violation(1000), violation(2000)], record(), at(3000));
    expect(events.map((e) => e.type)).toEqual(['ViolationRecorded', 'IpBlocked']);
    expect(events[1]).toEqual({
      type: 'IpBlocked',
      data: {
        ip: '203.0.113.9',
        reason: '3 incidents within 1 min (last: honeypot on GET /wp-login.php)',
        blockedAt: at(3000).toISOString(),
        // The address's first automatic block is the shorter one.
        expiresAt: at(3000 + 600_000).toISOString(),
        blockedBy: 'system',
        automatic: true,
        evidence: [
          {
            violationType: 'rate_limit',
            method: 'GET',
            endpoint: '/api/vc-firms',
            userAgent: 'curl/8',
            occurredAt: at(1000).toISOString(),
          },
          {
            violationType: 'rate_limit',
            method: 'GET',
            endpoint: '/api/vc-firms',
            userAgent: 'curl/8',
            occurredAt: at(2000).toISOString(),
          },
          {
            violationType: 'honeypot',
            method: 'GET',
            endpoint: '/wp-login.php',
            userAgent: 'curl/8',
            occurredAt: at(3000).toISOString(),
          },
        ],
      },
    });
  });

  it('does not count violations older than the window', () => {
    expect(when([violation(0), violation(1000)], record(), at(61_000)).map((e) => e.type)).toEqual([
      'ViolationRecorded',
    ]);
  });

  it('does not block when auto-block is off', () => {
    expect(
      when([violation(1000), violation(2000), violation(2500)], record(null), at(3000)).map((e) => e.type),
    ).toEqual(['ViolationRecorded']);
  });

  it('does not block again while blocked, and starts counting afresh after a block', () => {
    const history = [violation(1000), violation(2000), violation(3000), blocked(3000, 10_000)];
    expect(when(history, record(), at(4000)).map((e) => e.type)).toEqual(['ViolationRecorded']);
    // The block expired: the violations before it do not count any more.
    expect(when(history, record(), at(20_000)).map((e) => e.type)).toEqual(['ViolationRecorded']);
    expect(when([...history, violation(20_000), violation(21_000)], record(), at(22_000)).map((e) => e.type)).toEqual([
      'ViolationRecorded',
      'IpBlocked',
    ]);
  });

  it('unblocks a blocked address, and answers 404 when it is not blocked', () => {
    expect(when([blocked(0, 60_000)], { type: 'UnblockIp', data: { ip: '203.0.113.9' } }, at(1000), 'admin-1')).toEqual(
      [
        {
          type: 'IpUnblocked',
          data: { ip: '203.0.113.9', unblockedAt: at(1000).toISOString(), unblockedBy: 'admin-1' },
        },
      ],
    );
    for (const history of [
      [],
      [blocked(0, 60_000)],
      [
        blocked(0, null),
        {
          type: 'IpUnblocked',
          data: { ip: '203.0.113.9', unblockedAt: at(1).toISOString(), unblockedBy: 'a' },
        } as SecurityEvent,
      ],
    ]) {
      const now = history.length === 1 ? at(61_000) : at(2000); // expired block, or never / no longer blocked
      let err: unknown;
      try {
        when(history, { type: 'UnblockIp', data: { ip: '203.0.113.9' } }, now);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(404);
      expect((err as DomainError).message).toBe('This IP address is not blocked');
    }
  });

  it('unblocking clears the count, so the next violation does not re-block at once', () => {
    const history: SecurityEvent[] = [
      violation(0),
      violation(1),
      blocked(2, 60_000),
      { type: 'IpUnblocked', data: { ip: '203.0.113.9', unblockedAt: at(3).toISOString(), unblockedBy: 'a' } },
    ];
    expect(isBlocked(given(history), at(4))).toBe(false);
    expect(when(history, record(), at(5)).map((e) => e.type)).toEqual(['ViolationRecorded']);
  });

  it('blocks by hand with or without an expiry, recording the operator', () => {
    const [timed] = when(
      [],
      { type: 'BlockIp', data: { ip: '2001:db8::1', reason: ' abuse ', durationMs: 60_000 } },
      at(0),
      'operator:ann',
    );
    expect(timed).toEqual({
      type: 'IpBlocked',
      data: {
        ip: '2001:db8::1',
        reason: 'abuse',
        blockedAt: at(0).toISOString(),
        expiresAt: at(60_000).toISOString(),
        blockedBy: 'operator:ann',
        automatic: false,
      },
    });
    const [forever] = when(
      [],
      { type: 'BlockIp', data: { ip: '2001:db8::1', reason: 'abuse', durationMs: null } },
      at(0),
    );
    expect(isBlocked(given([forever!]), at(10 ** 12))).toBe(true);
    expect(() =>
      when([], { type: 'BlockIp', data: { ip: '2001:db8::1', reason: ' ', durationMs: null } }, at(0)),
    ).toThrow('A reason is required to block an IP address');
    expect(() => when([], { type: 'BlockIp', data: { ip: '2001:db8::1', reason: 'x', durationMs: 0 } }, at(0))).toThrow(
      'The block duration must be positive',
    );
  });

  it('given a second automatic block of the address, when it is made, then it lasts the full duration', () => {
    const history = [violation(0), violation(1000), violation(2000), blocked(2000, 600_000)];
    const later = [violation(700_000), violation(701_000)];
    const events = when([...history, ...later], record(), at(702_000));
    expect(types(events)).toEqual(['ViolationRecorded', 'IpBlocked']);
    const b = events[1]!.data as { blockedAt: string; expiresAt: string };
    expect(Date.parse(b.expiresAt) - Date.parse(b.blockedAt)).toBe(3600_000);
  });

  it('given a session opened by another browser many times, when it is recorded, then the address is not blocked', () => {
    const history = [0, 1000, 2000, 3000, 4000].map((ms) => violation(ms, `f${ms}`, 'fingerprint', 'user-1'));
    expect(types(when(history, record(policy, { violationType: 'fingerprint', userId: 'user-1' }), at(5000)))).toEqual([
      'ViolationRecorded',
    ]);
    // Nor do those violations count toward a later anonymous one.
    expect(types(when(history, record(), at(5000)))).toEqual(['ViolationRecorded']);
  });

  it("given a signed-in user's own limits tripping, when recorded, then the address is not blocked (the user's limit answers it)", () => {
    const history = [0, 1000, 2000].map((ms) => violation(ms, `u${ms}`, 'query_limit', 'user-1'));
    expect(types(when(history, record(policy, { violationType: 'rate_limit', userId: 'user-1' }), at(3000)))).toEqual([
      'ViolationRecorded',
    ]);
  });

  it('given one page load refused for its agent (many calls at once), when recorded, then it is one incident, not a block', () => {
    const pageLoad = [0, 50, 100, 150].map((ms) => violation(ms, `p${ms}`, 'user_agent'));
    expect(types(when(pageLoad, record(policy, { violationType: 'user_agent' }), at(200)))).toEqual([
      'ViolationRecorded',
    ]);
    // Three separate incidents do block.
    const three = [0, 1000].map((ms) => violation(ms, `p${ms}`, 'user_agent'));
    expect(types(when(three, record(policy, { violationType: 'user_agent' }), at(2000)))).toEqual([
      'ViolationRecorded',
      'IpBlocked',
    ]);
  });

  it('given an address where several people are signed in, when it reaches the threshold, then it is recorded but not blocked', () => {
    const history = [violation(0), violation(1000)];
    expect(types(when(history, record(policy, { signedInUsers: 2 }), at(2000)))).toEqual(['ViolationRecorded']);
    expect(types(when(history, record(policy, { signedInUsers: 1 }), at(2000)))).toEqual([
      'ViolationRecorded',
      'IpBlocked',
    ]);
  });

  it('given honeypot hits, when they come at once, then each is an incident of its own (no page load makes one)', () => {
    const probes = [0, 10].map((ms) => violation(ms, `h${ms}`, 'honeypot'));
    expect(types(when(probes, record(), at(20)))).toEqual(['ViolationRecorded', 'IpBlocked']);
  });

  it('a block ends at its expiry', () => {
    const state = given([blocked(0, 1000)]);
    expect(isBlocked(state, at(999))).toBe(true);
    expect(isBlocked(state, at(1000))).toBe(false);
  });
});
