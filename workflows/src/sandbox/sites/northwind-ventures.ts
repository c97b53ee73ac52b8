import { firmPage, hero, esc, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'northwind-ventures',
  name: 'Northwind Ventures',
  tagline: 'Pre-seed and seed for Nordic B2B software',
  accent: '#1f5fa8',
};

/** The classic: one plain HTML form on the landing page, POST, inline thank-you. */
export const northwindVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'plain-form',
  expectedOutcome: 'completed',
  description: 'Plain HTML form on the landing page with labelled fields; POST renders a thank-you page.',
  routes(app, ctx) {
    standardPages(
      app,
      brand,
      ['Fjord Analytics', 'Kelp Robotics', 'Tundra Pay'],
      ['Ingrid Holm, Partner', 'Mats Berg, Partner'],
    );
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We write first cheques of €250k–€1.5M into technical founders building software for businesses.')}
<section id="apply"><h2>Apply for funding</h2><p class="muted">We read every application. Fields marked * are required.</p>
<form method="post" action="${ctx.base}/apply">
<div class="field"><label for="nw-name">Your name <span class="req">*</span></label><input id="nw-name" name="name" type="text" required></div>
<div class="field"><label for="nw-email">Email address <span class="req">*</span></label><input id="nw-email" name="email" type="email" required></div>
<div class="field"><label for="nw-company">Company name <span class="req">*</span></label><input id="nw-company" name="company" type="text" required></div>
<div class="field"><label for="nw-website">Company website</label><input id="nw-website" name="website" type="url"></div>
<div class="field"><label for="nw-stage">Stage</label><select id="nw-stage" name="stage"><option value="">Select…</option><option>Pre-seed</option><option>Seed</option><option>Series A</option><option>Later stage</option></select></div>
<div class="field"><label for="nw-msg">Tell us about your company <span class="req">*</span></label><textarea id="nw-msg" name="message" required></textarea></div>
<button type="submit">Send application</button>
</form></section>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      ctx.record(f);
      return html(
        r,
        firmPage({
          brand,
          title: 'Thank you',
          body: `<div class="success"><h1>Thank you, ${esc(f.name)}!</h1><p>We received your application and will be in touch within two weeks.</p></div>`,
        }),
      );
    });
  },
};
