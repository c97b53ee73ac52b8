import Fastify from 'fastify';
import { parseMultipart, parseUrlEncoded } from './body';
import { esc } from './html';
import { SITE_DEFINITIONS } from './sites';
import type { SandboxSite, Submission } from './types';

/** Sites whose pages crawlers are asked to leave alone (application runs are not crawling and still apply). */
export const ROBOTS_DISALLOWED_SITES = ['tortoise-capital'];
const ROBOTS_TXT = `User-agent: *\n${ROBOTS_DISALLOWED_SITES.map((s) => `Disallow: /${s}/`).join('\n')}\nAllow: /\n`;

export interface Sandbox {
  url: string;
  port: number;
  sites: SandboxSite[];
  received(siteSlug: string): Submission[];
  reset(): void;
  close(): Promise<void>;
}

/** Boots every sandbox firm site on one local server; each lives under `/<slug>/`. */
export async function startSandbox(opts: { port?: number; host?: string } = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  // forceCloseConnections: Chromium keeps sockets alive, which would make close() hang.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseUrlEncoded(String(body)));
  });
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (req: { headers: Record<string, unknown> }, body: Buffer | string) =>
      parseMultipart(String(req.headers['content-type']), Buffer.isBuffer(body) ? body : Buffer.from(body)),
  );

  const store = new Map<string, Submission[]>();
  for (const site of SITE_DEFINITIONS) {
    const ctx = {
      base: `/${site.slug}`,
      record(fields: Record<string, string>, accepted = true) {
        const list = store.get(site.slug) ?? [];
        list.push({ site: site.slug, at: new Date().toISOString(), fields: { ...fields }, accepted });
        store.set(site.slug, list);
      },
    };
    await app.register(async (scoped) => site.routes(scoped, ctx), { prefix: `/${site.slug}` });
  }

  const sites: SandboxSite[] = SITE_DEFINITIONS.map(({ slug, name, kind, expectedOutcome, description }) => ({
    slug,
    name,
    kind,
    expectedOutcome,
    description,
  }));
  // The registry's crawler honours robots.txt: one site (the deliberately slow one) asks crawlers to keep out.
  app.get('/robots.txt', async (_req, reply) => {
    reply.type('text/plain').send(ROBOTS_TXT);
  });
  app.get('/', async (_req, reply) => {
    reply
      .type('text/html')
      .send(
        `<!doctype html><title>Sandbox firms</title><h1>Sandbox VC firm sites</h1><ul>${sites
          .map((s) => `<li><a href="/${s.slug}/">${esc(s.name)}</a> — ${esc(s.kind)}: ${esc(s.description)}</li>`)
          .join('')}</ul>`,
      );
  });

  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    sites,
    received: (slug) => (store.get(slug) ?? []).map((s) => ({ ...s, fields: { ...s.fields } })),
    reset: () => store.clear(),
    close: async () => {
      await app.close();
    },
  };
}
