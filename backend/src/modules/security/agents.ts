/**
 * Markers of automated clients in a User-Agent header: HTTP libraries and command-line tools,
 * headless and driven browsers, crawlers. Browsers a person uses carry none of them.
 */
const AUTOMATED: Array<[RegExp, string]> = [
  [/\bcurl\//i, 'curl'],
  [/\bwget\//i, 'wget'],
  [/python-requests|python-urllib|python-httpx|\baiohttp\b|\bhttpx\b/i, 'python'],
  [/\bscrapy\b/i, 'scrapy'],
  [/go-http-client/i, 'go-http-client'],
  [/^java\/|apache-httpclient|\bokhttp\b/i, 'java'],
  [/libwww-perl|\bmechanize\b/i, 'perl'],
  [/headlesschrome|\bheadless\b/i, 'headless'],
  [/phantomjs|puppeteer|playwright|selenium|webdriver/i, 'automation'],
  [/^node$|node-fetch|\bundici\b|\baxios\//i, 'node'],
  [/postmanruntime|insomnia|httpie/i, 'api-client'],
  [/\b(bot|crawler|spider|scraper)\b/i, 'crawler'],
];

/**
 * The automation marker found in a user agent, 'missing' when there is none (every browser sends
 * one), or null for a browser. Agents containing an allow-list entry (case-insensitive) pass.
 */
export function automatedMarker(userAgent: string | undefined, allowList: readonly string[]): string | null {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'missing';
  const lower = ua.toLowerCase();
  if (allowList.some((a) => a && lower.includes(a.toLowerCase()))) return null;
  for (const [re, name] of AUTOMATED) if (re.test(ua)) return name;
  return null;
}

/**
 * A user agent without its version numbers: a browser updating itself during a session keeps its
 * family; a session token replayed from another program does not.
 */
export function agentFamily(userAgent: string | undefined): string {
  return (userAgent ?? '')
    .replace(/[\d._]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, 300);
}
