// The registry's discovery job, engine-neutral: the activities both engines run. A run checks its
// firms a batch at a time (bounded concurrency), waits between two visits to the same host, asks
// robots.txt first, and records each firm as it goes, so a run resumed after a crash continues
// with the firms not yet checked.
import robotsParser from 'robots-parser';
import { discoverForm, refusedVisit, type DiscoveryResult } from '../automation/discover-form';
import type { ApplyTimeouts } from '../automation/types';
import { checkUrlSafety, type SafetyPolicy } from '../automation/url-safety';
import { resolveWebsite } from './activities';
import type { SharedBrowser } from './browser';

export interface DiscoveryRun {
  runId: string;
}

/** A firm to visit, as the application side knows it. */
export interface DiscoveryTarget {
  firmId: string;
  website: string | null;
  /** Test firms: their websites are re-based onto this process's sandbox. */
  test: boolean;
}

export type DiscoveryCheck = Omit<DiscoveryResult, 'outcome'> & {
  outcome: DiscoveryResult['outcome'] | 'robots_disallowed' | 'no_website';
};

/** The application side of the job (the catalog module implements it); every method is idempotent. */
export interface DiscoveryStorePort {
  /** Up to `limit` firms of the run not checked by it yet ([] when the run is done or unknown). */
  unchecked(run: DiscoveryRun, limit: number): Promise<DiscoveryTarget[]>;
  /** Records one firm's check (a second record of the same firm in the same run changes nothing). */
  record(run: DiscoveryRun, firmId: string, check: DiscoveryCheck): Promise<void>;
  finish(run: DiscoveryRun): Promise<void>;
}

/** What every engine runs for one discovery run: checkNext until it answers 0, then finish. */
export interface DiscoveryActivities {
  /** Checks the next batch of unchecked firms; answers how many it checked (0: none left). */
  checkNext(run: DiscoveryRun, hooks?: { heartbeat?: () => void }): Promise<number>;
  finish(run: DiscoveryRun): Promise<void>;
  /** The process is shutting down: take no new site, record nothing more (a resumed run checks the rest). */
  stop?(): void;
}

export interface DiscoveryOptions {
  store: DiscoveryStorePort;
  browser: SharedBrowser;
  /** host[:port] exempt from the private-address ban (AUTOMATION_ALLOWED_HOSTS plus the sandbox). */
  allowedHosts: string[];
  sandboxUrl?: string;
  /** Sites visited at once. */
  concurrency: number;
  /** Least time between two visits to one host (robots.txt's Crawl-delay, when longer, wins up to 60 s). */
  hostDelayMs: number;
  timeouts?: Partial<ApplyTimeouts>;
  /** Every request the guard refused, for tests. */
  blocked?: string[];
  log?: (m: string) => void;
}

/** The user agent token robots.txt rules are matched against. */
const ROBOTS_AGENT = 'FundFlowBot';
const ROBOTS_TIMEOUT_MS = 8_000;
const MAX_CRAWL_DELAY_MS = 60_000;

const DISCOVERY_TIMEOUTS: Partial<ApplyTimeouts> = { navigationMs: 20_000, totalMs: 60_000 };

type Robots = { allowed(url: string): boolean; delayMs: number | null };

/**
 * One host at a time: each visit takes the next free slot of its host, `delay` after the previous
 * one began, so that concurrent workers never knock on one site together.
 */
class HostPacer {
  private readonly next = new Map<string, number>();
  constructor(private readonly delayMs: number) {}
  async wait(host: string, delayMs = this.delayMs): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next.get(host) ?? 0);
    this.next.set(host, at + delayMs);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }
}

/** robots.txt of an origin, fetched once per process; no file (or an unreadable one) allows everything. */
async function fetchRobots(origin: string, policy: SafetyPolicy): Promise<Robots> {
  const url = `${origin}/robots.txt`;
  const allowAll: Robots = { allowed: () => true, delayMs: null };
  const safe = await checkUrlSafety(url, policy);
  if (!safe.ok) return allowAll;
  try {
    // No redirects followed: a redirect could lead off the allowed hosts.
    const r = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(ROBOTS_TIMEOUT_MS),
      headers: { 'user-agent': ROBOTS_AGENT },
    });
    if (!r.ok) return allowAll;
    const text = (await r.text()).slice(0, 500_000);
    const robot = robotsParser(url, text);
    const delay = robot.getCrawlDelay(ROBOTS_AGENT);
    return {
      allowed: (u) => robot.isAllowed(u, ROBOTS_AGENT) !== false,
      delayMs: typeof delay === 'number' && delay > 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : null,
    };
  } catch {
    return allowAll;
  }
}

export function createDiscoveryActivities(opts: DiscoveryOptions): DiscoveryActivities {
  const log = opts.log ?? (() => undefined);
  const policy: SafetyPolicy = { allowedHosts: opts.allowedHosts };
  const pacer = new HostPacer(opts.hostDelayMs);
  const robots = new Map<string, Promise<Robots>>();
  const timeouts = { ...DISCOVERY_TIMEOUTS, ...opts.timeouts };
  const concurrency = Math.max(1, opts.concurrency);
  let stopping = false;

  async function check(target: DiscoveryTarget): Promise<DiscoveryCheck> {
    const url = resolveWebsite({ website: target.website, test: target.test }, opts.sandboxUrl);
    if (!url)
      return {
        outcome: 'no_website',
        url: null,
        kind: null,
        fields: [],
        blockers: [],
        detail: 'The firm has no website.',
      };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return {
        outcome: 'unreachable',
        url: null,
        kind: null,
        fields: [],
        blockers: [],
        detail: `Not a valid URL: ${url}`,
      };
    }
    // Reserved and private addresses are refused before anything is fetched (robots.txt included).
    const safe = await checkUrlSafety(url, policy);
    if (!safe.ok) return refusedVisit(safe.reason);
    const r = await rulesFor(parsed);
    if (!r.allowed(url))
      return {
        outcome: 'robots_disallowed',
        url: null,
        kind: null,
        fields: [],
        blockers: [],
        detail: `${parsed.origin}/robots.txt disallows ${parsed.pathname} for crawlers.`,
      };
    await pacer.wait(parsed.host, Math.max(opts.hostDelayMs, r.delayMs ?? 0));
    // Every page the visit then opens (links followed, apply buttons, redirects' targets) is asked too.
    const refused: string[] = [];
    const mayVisit = async (u: string) => {
      const to = new URL(u);
      return (await rulesFor(to)).allowed(u);
    };
    const { browser, release } = await opts.browser.acquire();
    let found: DiscoveryResult;
    try {
      found = await discoverForm({ url, browser, policy, timeouts, blocked: opts.blocked, mayVisit, refused });
    } finally {
      release();
    }
    // No form on the pages robots.txt let us see: say that the rest was not looked at, rather than "no form".
    if (refused.length && (found.outcome === 'no_form' || found.outcome === 'unreachable')) {
      const paths = [...new Set(refused.map((u) => new URL(u).pathname))].slice(0, 3).join(', ');
      return {
        outcome: 'robots_disallowed',
        url: null,
        kind: null,
        fields: [],
        blockers: [],
        detail: `robots.txt disallows ${paths} for crawlers; no form on the pages it allows.`,
      };
    }
    return found;
  }

  /** An origin's robots.txt, fetched once per run (paced like a visit to its host). */
  function rulesFor(u: URL): Promise<Robots> {
    let rules = robots.get(u.origin);
    if (!rules)
      robots.set(
        u.origin,
        (rules = (async () => {
          await pacer.wait(u.host);
          return fetchRobots(u.origin, policy);
        })()),
      );
    return rules;
  }

  return {
    async checkNext(run, hooks = {}) {
      const batch = await opts.store.unchecked(run, concurrency * 2);
      let next = 0;
      const worker = async () => {
        while (next < batch.length && !stopping) {
          const target = batch[next++]!;
          const result = await check(target).catch((err: Error): DiscoveryCheck => ({
            outcome: 'unreachable',
            url: null,
            kind: null,
            fields: [],
            blockers: [],
            detail: err.message.split('\n')[0]!.slice(0, 300),
          }));
          // A visit cut short by the shutdown says nothing about the site.
          if (stopping) return;
          log(`[forms] ${target.firmId}: ${result.outcome}${result.kind ? ` (${result.kind})` : ''}`);
          await opts.store.record(run, target.firmId, result);
          hooks.heartbeat?.();
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
      return batch.length;
    },
    finish: (run) => opts.store.finish(run),
    stop() {
      stopping = true;
    },
  };
}
