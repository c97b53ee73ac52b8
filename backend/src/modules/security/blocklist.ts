import type { Db, EventStore } from '@fp/infra';

interface Entry {
  /** Epoch ms, or null for a block without expiry. */
  expiresAt: number | null;
}

interface Override {
  blocked: boolean;
  expiresAt: number | null;
  /** Checkpoint of the event that made it: dropped once the projection has passed it. */
  checkpoint: string;
}

/**
 * The block list as each API process holds it in memory, so the check on every request is a map
 * lookup. It is reloaded from the `security_blocked_ips` projection on a timer (blocks made by other
 * processes show up within one refresh). Blocks and unblocks made here take effect at once through
 * overrides, kept until the projection has applied their event.
 */
export class BlockList {
  private entries = new Map<string, Entry>();
  private overrides = new Map<string, Override>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  isBlocked(ip: string, now = Date.now()): boolean {
    const o = this.overrides.get(ip);
    if (o) return o.blocked && (o.expiresAt === null || o.expiresAt > now);
    const e = this.entries.get(ip);
    return !!e && (e.expiresAt === null || e.expiresAt > now);
  }

  /** When the address's block ends (epoch ms); null: no expiry (or not blocked). */
  endsAt(ip: string): number | null {
    return (this.overrides.get(ip) ?? this.entries.get(ip))?.expiresAt ?? null;
  }

  override(ip: string, blocked: boolean, expiresAt: string | null, checkpoint: string) {
    this.overrides.set(ip, { blocked, expiresAt: expiresAt === null ? null : Date.parse(expiresAt), checkpoint });
  }

  async refresh(): Promise<void> {
    // The checkpoint first, then the rows: the rows are then at least as new as the checkpoint. Read
    // the other way round, a block applied in between would drop its override while missing from
    // the rows, and the address would pass until the next refresh.
    const cp = await this.db
      .selectFrom('projection_checkpoints')
      .select('checkpoint')
      .where('name', '=', 'security')
      .executeTakeFirst();
    const applied = (cp?.checkpoint as string | null | undefined) ?? null;
    const rows = await this.db
      .selectFrom('security_blocked_ips')
      .select(['ip', 'expires_at'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .execute();
    this.entries = new Map(
      rows.map((r: any) => [r.ip as string, { expiresAt: r.expires_at ? new Date(r.expires_at).getTime() : null }]),
    );
    for (const [ip, o] of this.overrides) if (this.store.compare(applied, o.checkpoint) >= 0) this.overrides.delete(ip);
  }

  start(everyMs: number, onError: (err: Error) => void) {
    this.stop();
    this.timer = setInterval(() => void this.refresh().catch(onError), everyMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
