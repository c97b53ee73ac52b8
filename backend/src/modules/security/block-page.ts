import type { FastifyRequest } from 'fastify';

/**
 * A browser page load (Accept: text/html, not an /api call): a blocked person gets a page that says
 * what happened instead of the API's JSON.
 */
export function wantsPage(req: FastifyRequest, path: string): boolean {
  if (path.startsWith('/api/') || req.method !== 'GET') return false;
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html');
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function contactLabel(contactUrl: string): string {
  return contactUrl.startsWith('mailto:') ? contactUrl.slice('mailto:'.length).split('?')[0]! : contactUrl;
}

/** "in about 9 minutes", "in about 2 hours": how long until the block ends. */
export function untilWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * The page a blocked address sees: what happened, when it ends, how to reach support. Self-contained
 * (inline styles and logo): every other file, the stylesheet included, is refused to the address too.
 * Colours are the app's tokens (frontend/src/index.css); the theme follows the founder's stored choice.
 */
export function blockPage(input: { ip: string; endsAt: number | null; now: number; contactUrl: string }): string {
  const { ip, endsAt, now, contactUrl } = input;
  const ends =
    endsAt === null
      ? `<p>This pause has no end time: it stays until our team lifts it. Write to us and we will look at it.</p>`
      : `<p>Access comes back by itself <strong>${untilWords(endsAt - now)}</strong>, at <time datetime="${new Date(endsAt).toISOString()}" data-local>${new Date(endsAt).toISOString().slice(11, 16)} UTC</time>. You do not need to do anything.</p>`;
  const support = escape(contactUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Access paused — FundFlow</title>
<script>
(function () {
  var t = 'system';
  try { t = localStorage.getItem('fundflow-theme') || 'system'; } catch (e) {}
  var dark = t === 'system' ? window.matchMedia('(prefers-color-scheme: dark)').matches : t !== 'light';
  document.documentElement.className = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
</script>
<style>
:root { --bg: oklch(0.985 0.004 264); --fg: oklch(0.2 0.03 265); --card: oklch(1 0 0); --muted: oklch(0.47 0.03 265);
  --border: oklch(0.9 0.01 265); --primary: oklch(0.5 0.2 272); --primary-fg: oklch(0.99 0 0); --warn-bg: oklch(0.96 0.05 80);
  --warn-fg: oklch(0.4 0.1 65); --from: oklch(0.6 0.2 275); --to: oklch(0.72 0.14 210); }
.dark { --bg: oklch(0.16 0.018 268); --fg: oklch(0.96 0.006 265); --card: oklch(0.205 0.02 268); --muted: oklch(0.74 0.02 265);
  --border: oklch(0.3 0.02 268); --primary: oklch(0.68 0.17 275); --primary-fg: oklch(0.16 0.03 268); --warn-bg: oklch(0.3 0.06 80);
  --warn-fg: oklch(0.85 0.12 80); }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px 16px;
  background: var(--bg); color: var(--fg); line-height: 1.55;
  font-family: 'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { width: 100%; max-width: 560px; background: var(--card); border: 1px solid var(--border); border-radius: 14px;
  padding: 32px 28px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; margin-bottom: 24px; }
.logo { width: 32px; height: 32px; border-radius: 9px; background: linear-gradient(135deg, var(--from), var(--to));
  display: grid; place-items: center; color: #fff; font-size: 16px; }
.badge { display: inline-block; font-size: 12px; font-weight: 600; padding: 2px 10px; border-radius: 999px;
  background: var(--warn-bg); color: var(--warn-fg); margin-bottom: 8px; }
h1 { font-size: 24px; line-height: 1.25; margin: 0 0 12px; }
h2 { font-size: 15px; margin: 24px 0 4px; }
p { margin: 0 0 8px; }
.muted { color: var(--muted); font-size: 14px; }
a.button { display: inline-block; margin-top: 8px; padding: 10px 16px; border-radius: 10px; background: var(--primary);
  color: var(--primary-fg); text-decoration: none; font-weight: 600; }
a.button:focus-visible { outline: 3px solid var(--from); outline-offset: 2px; }
code { display: inline-block; max-width: 100%; overflow-wrap: anywhere; font-size: 13px; background: var(--bg);
  border: 1px solid var(--border); border-radius: 6px; padding: 1px 6px; }
@media (max-width: 480px) { main { padding: 24px 18px; } h1 { font-size: 21px; } }
</style>
</head>
<body>
<main>
  <div class="brand"><span class="logo" aria-hidden="true">F</span>FundFlow</div>
  <span class="badge">Access paused</span>
  <h1>We paused access from your network for a while</h1>
  <p>Requests from your network address looked automated to us (for example, a script or a browser extension reading many pages, or pages no one opens by hand), so we paused access from it to protect the investor database. Your account and your work are untouched.</p>
  <h2>When it ends</h2>
  ${ends}
  <h2>If this is a mistake</h2>
  <p>Tell us and we will lift it. Mention your network address so we can find it: <code>${escape(ip)}</code></p>
  <a class="button" href="${support}">Contact support</a>
  <p class="muted" style="margin-top:12px">Support: ${escape(contactLabel(contactUrl))}</p>
</main>
<script>
document.querySelectorAll('time[data-local]').forEach(function (el) {
  var d = new Date(el.getAttribute('datetime'));
  if (!isNaN(d)) el.textContent = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) + ' (your time)';
});
</script>
</body>
</html>`;
}
