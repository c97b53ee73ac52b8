import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'aspen-ventures',
  name: 'Aspen Ventures',
  tagline: 'We ask about everyone',
  accent: '#c2255c',
};

const form = (base: string) => `<h1>Apply to Aspen</h1>
<form method="post" action="${base}/apply">
<div class="field"><label for="a-name">Full name *</label><input type="text" id="a-name" name="name" required></div>
<div class="field"><label for="a-email">Email *</label><input type="email" id="a-email" name="email" required></div>
<div class="field"><label for="a-co">Company *</label><input type="text" id="a-co" name="company" required></div>
<div class="field"><label for="a-what">What does your company do? *</label><textarea id="a-what" name="what" rows="3" required></textarea></div>
<div class="field"><label for="a-displace">Which incumbent would you most like to displace, and what is your unfair advantage against them? *</label><textarea id="a-displace" name="displace" rows="3" required></textarea></div>
<div class="field"><label for="a-lead">What is the name of your lead investor? *</label><input type="text" id="a-lead" name="lead_investor" required></div>
<div class="field"><label for="a-reg">Company registration number *</label><input type="text" id="a-reg" name="registration_number" required></div>
<div class="field"><label for="a-inv">Who are your current investors?</label><input type="text" id="a-inv" name="current_investors"></div>
<div class="field"><label for="a-ref">Which company referred you?</label><input type="text" id="a-ref" name="referred_by"></div>
<div class="field"><label for="a-founders">How many founders are there?</label><input type="text" id="a-founders" name="founder_count"></div>
<div class="field"><label for="a-val">What is your company's valuation?</label><input type="text" id="a-val" name="valuation"></div>
<fieldset><legend>Are any of your company founders women?</legend>
<label><input type="radio" name="women_founders" value="yes"> Yes</label><label><input type="radio" name="women_founders" value="no"> No</label></fieldset>
<button type="submit">Send application</button></form>`;

/**
 * Questions about other parties, identifiers and a compound question: the founder's name, the
 * company name or the description must never answer them. The required ones pause the run; the optional
 * ones stay empty unless the founder answered them. Records every field it gets.
 */
export const aspenVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'others-questions',
  expectedOutcome: 'waiting_for_input',
  description:
    'Questions about investors, referrers and co-founders, a registration number and a compound question: never answered from the profile.',
  routes(app, ctx) {
    standardPages(app, brand, ['Fable Health', 'Nimbus Freight'], ['Tomas Varga, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Series A for vertical software.')}<p><a href="${ctx.base}/apply">Apply</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base) })));
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(
        f.name && f.email && f.company && f.what && f.displace && f.lead_investor && f.registration_number,
      );
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please answer every required question.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Application received</h1><p>Thanks, the Aspen team will review it.</p></div>',
        }),
      );
    });
  },
};
