import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'ripple-fund',
  name: 'Ripple Fund',
  tagline: 'First cheques for marketplaces',
  accent: '#0c8599',
};

/**
 * Like a controlled component whose state update lags: the first choice made in the stage dropdown snaps back to
 * the placeholder a moment later. `/stubborn/apply` snaps back every time (nobody can set it);
 * `/person/apply` snaps back the first three times (more than the automation tries), then keeps
 * the choice, as a page does that needs a person's hand.
 */
type Revert = 'first' | 'always' | 'three';
const REVERTS: Record<Revert, string> = { first: 'n===1', always: 'true', three: 'n<=3' };
const revert = (mode: Revert) => `<script>(function(){var s=document.getElementById('r-stage'),n=0;
s.addEventListener('change',function(){n++;if(${REVERTS[mode]})setTimeout(function(){s.value='';},120);});})();</script>`;

const form = (base: string, mode: Revert) => `<h1>Apply to Ripple</h1>
<form method="post" action="${base}/apply">
<div class="field"><label for="r-name">Founder name *</label><input type="text" id="r-name" name="founder" required></div>
<div class="field"><label for="r-email">Work email *</label><input type="email" id="r-email" name="email" required></div>
<div class="field"><label for="r-co">Startup *</label><input type="text" id="r-co" name="startup" required></div>
<div class="field"><label for="r-stage">Funding stage *</label><select id="r-stage" name="stage" required><option value="">Select…</option><option>Pre-seed</option><option>Seed</option><option>Series A</option><option>Series B and later</option></select></div>
<div class="field"><label for="r-loc">Headquarters</label><input type="text" id="r-loc" name="hq"></div>
<button type="submit">Submit application</button></form>${revert(mode)}`;

export const rippleFund: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'reverting-dropdown',
  expectedOutcome: 'completed',
  description:
    'The required stage dropdown snaps back to "Select…" after the first choice (set it again, read back before sending); /stubborn/ snaps back every time; /person/ the first three times (a person sets it in the live view).',
  routes(app, ctx) {
    standardPages(app, brand, ['Tradeloop', 'Stallhub'], ['Jonas Berg, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We invest at pre-seed and seed in two-sided marketplaces.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base, 'first') })));
    app.get('/stubborn/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Our new form.')}<p><a href="${ctx.base}/stubborn/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/person/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Our newest form.')}<p><a href="${ctx.base}/person/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/person/apply', async (_q, r) =>
      html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base, 'three') })),
    );
    app.get('/stubborn/apply', async (_q, r) =>
      html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base, 'always') })),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(f.founder && f.email && f.startup && f.stage);
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please choose your funding stage.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Application received</h1><p>Thanks, we will review it this week.</p></div>',
        }),
      );
    });
  },
};
