import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'heather-partners',
  name: 'Heather Partners',
  tagline: 'Seed funds for founders on both sides of the Atlantic',
  accent: '#a61e4d',
};

/**
 * Tick boxes that say different things, and ranges in dollars: only the terms box is the founder's standing
 * "accept terms" choice; a statement of fact (age), an authorisation (sharing with co-investors) and a
 * newsletter are not. The raise is asked in USD ranges: a founder raising in pounds is asked which range,
 * never given one converted by a guess.
 */
export const heatherPartners: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'statement-boxes-and-currency',
  expectedOutcome: 'waiting_for_input',
  description:
    'Terms, age, data-sharing and newsletter boxes, and a raise asked in dollar ranges: only the terms box follows the standing choice.',
  routes(app, ctx) {
    standardPages(app, brand, ['Moorland Bio', 'Peat Energy'], ['Isla Grant, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Cheques of $250k–$2M.', `<p><a class="btn" href="${ctx.base}/apply">Apply</a></p>`)}`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply to Heather</h1>
<form method="post" action="${ctx.base}/apply">
<div class="field"><label for="h-name">Full name *</label><input type="text" id="h-name" name="name" required></div>
<div class="field"><label for="h-email">Email *</label><input type="email" id="h-email" name="email" required></div>
<div class="field"><label for="h-co">Company *</label><input type="text" id="h-co" name="company" required></div>
<div class="field"><label for="h-raise">How much are you looking to raise? *</label><select id="h-raise" name="raise" required>
<option value="">Choose…</option><option>Under $1.6M</option><option>$1.6M–$3M</option><option>Over $3M</option></select></div>
<div class="field check"><input type="checkbox" id="h-terms" name="terms" value="yes" required> <label for="h-terms">I agree to the Terms of Service and Privacy Policy *</label></div>
<div class="field check"><input type="checkbox" id="h-age" name="over18" value="yes" required> <label for="h-age">I confirm that I am over 18 *</label></div>
<div class="field check"><input type="checkbox" id="h-share" name="share" value="yes"> <label for="h-share">I consent to Heather sharing my application with co-investors</label></div>
<div class="field check"><input type="checkbox" id="h-news" name="newsletter" value="yes"> <label for="h-news">Send me the Heather newsletter</label></div>
<button type="submit">Send application</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(f.name && f.email && f.company && f.raise && f.terms && f.over18);
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please answer every required question.</p>',
          }),
          400,
        );
      return html(
        r,
        firmPage({ brand, title: 'Thanks', body: '<p class="success">Thanks, we received your application.</p>' }),
      );
    });
  },
};
