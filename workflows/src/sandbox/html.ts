// Shared page shell so every sandbox firm looks like a small, plausible VC website.

export interface Brand {
  slug: string;
  name: string;
  tagline: string;
  accent: string;
}

export function esc(s: unknown): string {
  return String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

const baseCss = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c2430;background:#fafaf7;line-height:1.5}
header.site{display:flex;align-items:center;justify-content:space-between;padding:18px 40px;border-bottom:1px solid #e4e4dc;background:#fff}
header.site .logo{font-weight:700;font-size:20px;color:var(--accent);text-decoration:none}
header.site nav a{margin-left:22px;color:#1c2430;text-decoration:none;font-size:15px}
main{max-width:760px;margin:0 auto;padding:40px 24px 80px}
.hero h1{font-size:40px;margin:0 0 8px}.hero p{font-size:18px;color:#4a5463}
footer.site{border-top:1px solid #e4e4dc;padding:24px 40px;color:#6b7380;font-size:13px;background:#fff}
form .field{margin:0 0 18px}label{display:block;font-weight:600;margin-bottom:6px}
input[type=text],input[type=email],input[type=url],input[type=number],input[type=tel],input[type=password],select,textarea{width:100%;padding:10px 12px;border:1px solid #c9ccd3;border-radius:6px;font:inherit;background:#fff}
textarea{min-height:110px}
button,.btn{display:inline-block;background:var(--accent);color:#fff;border:0;border-radius:6px;padding:11px 20px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button.secondary{background:#e6e7ea;color:#1c2430}
.error,.errors{color:#b3261e}.success{background:#e8f5ec;border:1px solid #9ccfae;padding:20px;border-radius:8px}
.req{color:#b3261e}.muted{color:#6b7380}
`;

export function firmPage(o: {
  brand: Brand;
  title?: string;
  body: string;
  head?: string;
  nav?: boolean | [label: string, path: string][];
}): string {
  const b = o.brand;
  const links = Array.isArray(o.nav)
    ? o.nav
    : [
        ['Home', '/'],
        ['Portfolio', '/portfolio'],
        ['Team', '/team'],
      ];
  const nav =
    o.nav === false
      ? ''
      : `<nav>${links.map(([label, path]) => `<a href="/${b.slug}${path}">${esc(label)}</a>`).join('')}</nav>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(o.title ? `${o.title} | ${b.name}` : b.name)}</title><style>:root{--accent:${b.accent}}${baseCss}</style>${o.head ?? ''}</head>
<body><header class="site"><a class="logo" href="/${b.slug}/">${esc(b.name)}</a>${nav}</header>
<main>${o.body}</main>
<footer class="site">© 2025 ${esc(b.name)} · ${esc(b.tagline)} · <a href="/${b.slug}/privacy">Privacy policy</a></footer></body></html>`;
}

export function hero(brand: Brand, blurb: string, extra = ''): string {
  return `<section class="hero"><h1>${esc(brand.name)}</h1><p>${esc(brand.tagline)}</p><p>${esc(blurb)}</p>${extra}</section>`;
}

/** Generic secondary pages so crawling a site looks like the real thing. */
export function portfolioPage(brand: Brand, companies: string[]): string {
  return firmPage({
    brand,
    title: 'Portfolio',
    body: `<h1>Portfolio</h1><ul>${companies.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>`,
  });
}

export function teamPage(brand: Brand, people: string[]): string {
  return firmPage({
    brand,
    title: 'Team',
    body: `<h1>Team</h1><ul>${people.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`,
  });
}
