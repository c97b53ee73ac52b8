import { securityIpStream, type ViolationType } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { BlockList } from './blocklist';
import { MemoryCounterStore, PostgresCounterStore, type CounterStore } from './counters';
import { securityDecider, type SecurityCommand, type ViolationInput } from './security-decider';

export interface ViolationReport {
  type: ViolationType;
  ip: string;
  method: string;
  endpoint: string;
  userAgent?: string | null;
  userId?: string | null;
  detail?: string | null;
}

const MAX_TEXT = 500;
const clip = (s: string | null | undefined) => (s ? s.slice(0, MAX_TEXT) : null);

/**
 * Violations, blocks and unblocks, each a command on the address's stream. Commands on one address
 * run one after another in this process (no self-inflicted concurrency conflicts); other processes
 * are handled by the stream's expected revision.
 */
export function createSecurityService(
  ctx: Pick<AppContext, 'config' | 'store' | 'db' | 'pool' | 'clock' | 'newId' | 'projections'>,
) {
  const cfg = ctx.config.security;
  const counters: CounterStore =
    cfg.rateLimitStore === 'memory' ? new MemoryCounterStore() : new PostgresCounterStore(ctx.pool);
  const blockList = new BlockList(ctx.db, ctx.store);
  const allowed = new Set(cfg.ipAllowList);
  const queues = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<unknown>>();
  const lastSeen = new Map<string, number>();
  // Signed-in users seen per address lately (this process): a shared address is not blocked for one of them.
  const signedIn = new Map<string, Map<string, number>>();
  const SIGNED_IN_MS = Math.max(cfg.blockWindowMs, 3600_000);
  const signedInUsersAt = (ip: string, now: number) => {
    const users = signedIn.get(ip);
    if (!users) return 0;
    for (const [u, t] of users) if (now - t >= SIGNED_IN_MS) users.delete(u);
    if (!users.size) signedIn.delete(ip);
    return users.size;
  };

  const serial = <T>(ip: string, work: () => Promise<T>): Promise<T> => {
    const prev = queues.get(ip) ?? Promise.resolve();
    const next = prev.then(work, work);
    const tail = next.catch(() => undefined);
    queues.set(ip, tail);
    void tail.then(() => {
      if (queues.get(ip) === tail) queues.delete(ip);
    });
    return next;
  };

  const run = (ip: string, command: SecurityCommand, meta: CommandMeta) =>
    serial(ip, async () => {
      const r = await handleCommand(ctx.store, securityIpStream(ip), securityDecider, command, meta, {
        maxRetries: 20,
      });
      for (const e of r.events) {
        if (e.type === 'IpBlocked') blockList.override(ip, true, e.data.expiresAt, r.checkpoint!);
        if (e.type === 'IpUnblocked') blockList.override(ip, false, null, r.checkpoint!);
      }
      return r;
    });

  /** Same violation again within the dedup window: not worth another event. */
  const duplicate = (v: ViolationReport, now: number) => {
    if (cfg.violationDedupMs <= 0) return false;
    const key = `${v.type}|${v.ip}|${v.method} ${v.endpoint}|${v.userAgent ?? ''}`;
    const last = lastSeen.get(key);
    if (last !== undefined && now - last < cfg.violationDedupMs) return true;
    lastSeen.set(key, now);
    if (lastSeen.size > 10_000) for (const [k, t] of lastSeen) if (now - t >= cfg.violationDedupMs) lastSeen.delete(k);
    return false;
  };

  return {
    counters,
    blockList,
    isAllowedIp: (ip: string) => allowed.has(ip),
    isBlocked: (ip: string) => blockList.isBlocked(ip, ctx.clock.now().getTime()),
    /** When the address's block ends (epoch ms), null for a block without expiry. */
    blockEndsAt: (ip: string) => blockList.endsAt(ip),

    /** Notes a signed-in user at an address (every signed-in request): an address shared by several is never blocked automatically. */
    noteSignedIn(ip: string, userId: string) {
      const now = ctx.clock.now().getTime();
      let users = signedIn.get(ip);
      if (!users) {
        if (signedIn.size >= 50_000) for (const k of [...signedIn.keys()]) signedInUsersAt(k, now);
        signedIn.set(ip, (users = new Map()));
      }
      users.set(userId, now);
    },

    /**
     * Appends a ViolationRecorded event (and IpBlocked when the address has had too many within the
     * window). Resolves with whether the address is now blocked. Errors are the caller's to log.
     */
    async recordViolation(v: ViolationReport): Promise<{ recorded: boolean; blocked: boolean }> {
      const now = ctx.clock.now();
      if (duplicate(v, now.getTime())) return { recorded: false, blocked: blockList.isBlocked(v.ip, now.getTime()) };
      const data: ViolationInput = {
        violationType: v.type,
        ip: v.ip,
        method: v.method,
        endpoint: v.endpoint.slice(0, MAX_TEXT),
        userAgent: clip(v.userAgent),
        userId: v.userId ?? null,
        detail: clip(v.detail),
      };
      const autoBlock =
        cfg.autoBlock && !allowed.has(v.ip)
          ? {
              threshold: cfg.blockThreshold,
              windowMs: cfg.blockWindowMs,
              durationMs: cfg.blockDurationMs,
              firstDurationMs: cfg.blockFirstDurationMs,
              burstMs: cfg.blockBurstMs,
            }
          : null;
      const signedInUsers = signedInUsersAt(v.ip, now.getTime());
      const work = run(
        v.ip,
        { type: 'RecordViolation', data: { ...data, violationId: ctx.newId(), autoBlock, signedInUsers } },
        { now, actor: v.userId ?? `ip:${v.ip}` },
      );
      inFlight.add(work);
      void work.catch(() => undefined).finally(() => inFlight.delete(work));
      const r = await work;
      return {
        recorded: true,
        blocked: r.events.some((e) => e.type === 'IpBlocked') || blockList.isBlocked(v.ip, now.getTime()),
      };
    },

    /** Fire-and-forget variant for checks that let the request go on: never slows the request. */
    recordInBackground(v: ViolationReport) {
      void this.recordViolation(v).catch((err: Error) =>
        console.error(`[security] recording a ${v.type} violation failed: ${err.message}`),
      );
    },

    /** Resolves when every violation recorded so far in this process has been appended (tests). */
    async flush(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },

    /** Blocks an address (durationMs null: until unblocked). */
    async blockIp(ip: string, reason: string, durationMs: number | null, meta: CommandMeta) {
      const r = await run(ip, { type: 'BlockIp', data: { ip, reason, durationMs } }, meta);
      await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
      const e = r.events[0];
      return { ip, expiresAt: e?.type === 'IpBlocked' ? e.data.expiresAt : null };
    },

    /** Lifts a block (404 DomainError when the address is not blocked) and clears its rate counters. */
    async unblockIp(ip: string, meta: CommandMeta) {
      const r = await run(ip, { type: 'UnblockIp', data: { ip } }, meta);
      await counters.resetPrefix(`ip:${ip}:`);
      await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
      return { ip, unblocked: true as const };
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
