import dns from 'node:dns';
import { isIP } from 'node:net';
import { isHostAllowed } from '@fp/workflows';

/** What DNS says about a firm's host: an address, definitely none, or no answer in time (then it is tried as before). */
export type DomainVerdict = 'resolves' | 'unresolvable' | 'unknown';

/** Each question to DNS waits at most this long; a whole check (many firms) is asked in parallel. */
const DOMAIN_CHECK_TIMEOUT_MS = 2_000;
const CACHE_MS = { resolves: 10 * 60_000, unresolvable: 2 * 60_000 } as const;
/** Names DNS said do not exist are asked of the OS too (/etc/hosts): a few at a time, they use libuv's threads. */
const OS_LOOKUPS_AT_ONCE = 4;
/** Hosts asked of DNS at once, and the most one check of many websites waits: later hosts are "unknown". */
const DNS_AT_ONCE = 32;
const DOMAIN_CHECK_BUDGET_MS = 5_000;

export interface DomainCheckOptions {
  /** host[:port] entries never looked up (AUTOMATION_ALLOWED_HOSTS and the sandbox: they reach local servers). */
  allowedHosts: () => string[];
  timeoutMs?: number;
  budgetMs?: number;
}

const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * Answers, for each host, whether it resolves, with every wait bounded. DNS is asked through c-ares
 * (the event loop, not libuv's thread pool; the servers Node uses for `dns.resolve*`, i.e.
 * /etc/resolv.conf or `dns.setServers`). "Unresolvable" needs DNS to say the name has no address
 * (NXDOMAIN or no A/AAAA record) *and* the OS resolver not to find it either; a timeout or a
 * server failure is "unknown". IP literals, localhost and the allowed hosts are never looked up.
 * Runs before the pure submit plan, which receives the verdicts (FirmSummary.unusable).
 */
export function createDomainCheck(opts: DomainCheckOptions) {
  const timeoutMs = opts.timeoutMs ?? DOMAIN_CHECK_TIMEOUT_MS;
  const cache = new Map<string, { verdict: DomainVerdict; until: number }>();
  let osSlots = OS_LOOKUPS_AT_ONCE;
  const osQueue: (() => void)[] = [];

  async function osFinds(host: string): Promise<boolean> {
    if (osSlots === 0) await new Promise<void>((r) => osQueue.push(r));
    osSlots--;
    try {
      const r = await withTimeout(
        dns.promises.lookup(host, { all: true }).catch(() => []),
        timeoutMs,
      );
      return r !== 'timeout' && r.length > 0;
    } finally {
      osSlots++;
      osQueue.shift()?.();
    }
  }

  async function ask(host: string): Promise<DomainVerdict> {
    // A resolver per check, on the servers in force now (tests point them at a local DNS server).
    const resolver = new dns.promises.Resolver({ timeout: timeoutMs, tries: 1 });
    resolver.setServers(dns.getServers());
    const answer = (q: Promise<string[]>) =>
      q.then(
        (a) => (a.length ? 'yes' : 'none'),
        (e: NodeJS.ErrnoException) => (NO_SUCH_NAME.has(e.code ?? '') ? 'none' : 'failed'),
      );
    const both = await withTimeout(
      Promise.all([answer(resolver.resolve4(host)), answer(resolver.resolve6(host))]),
      timeoutMs + 500,
    );
    if (both === 'timeout') {
      resolver.cancel();
      return 'unknown';
    }
    if (both.includes('yes')) return 'resolves';
    if (both.includes('failed')) return 'unknown';
    return (await osFinds(host)) ? 'resolves' : 'unresolvable';
  }

  async function check(url: URL): Promise<DomainVerdict> {
    const h = url.hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    if (!h || isIP(h) || h === 'localhost' || isHostAllowed(url, opts.allowedHosts())) return 'resolves';
    const cached = cache.get(h);
    if (cached && cached.until > Date.now()) return cached.verdict;
    const verdict = await ask(h);
    if (verdict !== 'unknown') cache.set(h, { verdict, until: Date.now() + CACHE_MS[verdict] });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return verdict;
  }

  return {
    check,
    /** The verdict for each website's host (websites without a readable host are left out). */
    async websites(websites: readonly string[]): Promise<Map<string, DomainVerdict>> {
      const urls = new Map<string, URL>();
      for (const w of websites) {
        try {
          urls.set(w, new URL(w));
        } catch {
          // Not a URL: nothing to look up (the run reports it).
        }
      }
      // One question per host and port, however many firms share it; a few at a time, within the budget.
      const hosts = new Map<string, URL>();
      for (const u of urls.values()) if (!hosts.has(u.host)) hosts.set(u.host, u);
      const queue = [...hosts.values()];
      const verdicts = new Map<string, DomainVerdict>();
      const deadline = Date.now() + (opts.budgetMs ?? DOMAIN_CHECK_BUDGET_MS);
      const worker = async () => {
        for (let u = queue.shift(); u; u = queue.shift())
          verdicts.set(u.host, Date.now() < deadline ? await check(u) : 'unknown');
      };
      await Promise.all(Array.from({ length: Math.min(DNS_AT_ONCE, queue.length) }, worker));
      return new Map([...urls].map(([w, u]) => [w, verdicts.get(u.host) ?? 'unknown'] as const));
    },
  };
}
export type DomainCheck = ReturnType<typeof createDomainCheck>;
