import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, sleep, standardPages } from './common';

const brand: Brand = {
  slug: 'tortoise-capital',
  name: 'Tortoise Capital',
  tagline: 'Slow money for durable companies',
  accent: '#2f9e44',
};

/** Every response is slow (the landing page takes 4 s); polite timeouts must still let it through. */
export const tortoiseCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'slow-page',
  expectedOutcome: 'completed',
  description: 'Landing page answers after ~4 s, the form page after ~1.5 s and the POST after ~1.5 s.',
  routes(app, ctx) {
    standardPages(app, brand, ['Oakline', 'Steady Books'], ['Walter Green, Partner']);
    app.get('/', async (_q, r) => {
      await sleep(4000);
      return html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We invest in capital-efficient businesses and hold for the long run.', `<p><a class="btn" href="${ctx.base}/apply">Apply</a></p>`)}`,
        }),
      );
    });
    app.get('/apply', async (_q, r) => {
      await sleep(1500);
      return html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply</h1><form method="post" action="${ctx.base}/apply">
<div class="field"><label for="t-name">Name</label><input type="text" id="t-name" name="name" required></div>
<div class="field"><label for="t-email">E-mail</label><input type="email" id="t-email" name="email" required></div>
<div class="field"><label for="t-co">Company</label><input type="text" id="t-co" name="company" required></div>
<div class="field"><label for="t-rev">Current revenue</label><input type="text" id="t-rev" name="revenue"></div>
<div class="field"><label for="t-desc">What does your company do?</label><textarea id="t-desc" name="what"></textarea></div>
<button type="submit">Apply</button></form>`,
        }),
      );
    });
    app.post('/apply', async (req, r) => {
      await sleep(1500);
      ctx.record(flatten(req.body));
      return html(
        r,
        firmPage({
          brand,
          title: 'Received',
          body: `<div class="success"><h1>Application received</h1><p>Thanks. We take our time, but we read everything.</p></div>`,
        }),
      );
    });
  },
};
