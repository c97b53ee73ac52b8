import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'meridian-fund',
  name: 'Meridian Fund',
  tagline: 'Healthcare and life-science software',
  accent: '#0c8599',
};

/** Submitting crashes the firm's backend (HTTP 500): the automation must report failure, not success. */
export const meridianFund: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'server-error-on-submit',
  expectedOutcome: 'failed',
  description: 'Ordinary form whose POST handler answers HTTP 500 with an error page.',
  routes(app, ctx) {
    standardPages(app, brand, ['Carely', 'Dose Health'], ['Dr. Nina Patel, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We invest in software that makes care cheaper and better.', `<p><a class="btn" href="${ctx.base}/apply">Apply for investment</a></p>`)}`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply for investment</h1><form method="post" action="${ctx.base}/apply">
<div class="field"><label for="m-first">First name</label><input type="text" id="m-first" name="first_name" required></div>
<div class="field"><label for="m-last">Last name</label><input type="text" id="m-last" name="last_name" required></div>
<div class="field"><label for="m-email">Email</label><input type="email" id="m-email" name="email" required></div>
<div class="field"><label for="m-co">Company name</label><input type="text" id="m-co" name="company_name" required></div>
<div class="field"><label for="m-desc">Company description</label><textarea id="m-desc" name="description"></textarea></div>
<button type="submit">Submit application</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      ctx.record(flatten(req.body), false);
      return html(
        r,
        '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an unexpected condition that prevented it from fulfilling the request.</p></body></html>',
        500,
      );
    });
  },
};
