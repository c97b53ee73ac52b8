import { firmPage, hero, type Brand } from '../html';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'driftwood-capital',
  name: 'Driftwood Capital',
  tagline: 'Coastal pre-seed fund',
  accent: '#1098ad',
};

/** A broken form: its submit handler swallows the event and nothing is sent or shown. Success must not be assumed. */
export const driftwoodCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'no-feedback-after-submit',
  expectedOutcome: 'failed',
  description: 'Submit button does nothing (broken script): no request, no message, no navigation.',
  routes(app, ctx) {
    standardPages(app, brand, ['Tidepool', 'Saltbox'], ['Noah Reid, GP']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We write the first cheque for founders by the sea.', `<p><a class="btn" href="${ctx.base}/apply">Apply</a></p>`)}`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply</h1><form id="dw" method="post" action="${ctx.base}/apply">
<div class="field"><label for="d-name">Name</label><input type="text" id="d-name" name="name" required></div>
<div class="field"><label for="d-email">Email</label><input type="email" id="d-email" name="email" required></div>
<div class="field"><label for="d-co">Company</label><input type="text" id="d-co" name="company" required></div>
<button type="submit">Submit</button></form>
<script>document.getElementById('dw').addEventListener('submit', function(e){ e.preventDefault(); /* TODO: wire up API */ });</script>`,
        }),
      ),
    );
  },
};
