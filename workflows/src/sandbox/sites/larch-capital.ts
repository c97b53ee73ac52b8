import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'larch-capital',
  name: 'Larch Capital',
  tagline: 'Exact numbers, please',
  accent: '#2b8a3e',
};

// Questions whose labels are not tied to their inputs (a span before the field, a placeholder showing the
// format), typed inputs with constraints, choices worded differently from the profile's values, optional
// free-text boxes and a newsletter opt-in: everything a review once found sent wrong.
const form = (base: string) => `<h1>Apply to Larch Capital</h1>
<form method="post" action="${base}/apply">
<div class="field"><label for="l-name">Full name *</label><input type="text" id="l-name" name="name" required></div>
<div class="field"><label for="l-email">Email *</label><input type="email" id="l-email" name="email" required></div>
<div class="field"><label for="l-co">Company name *</label><input type="text" id="l-co" name="company" required></div>
<div class="row"><span class="q">Founding date *</span> <input type="text" name="founding_date" placeholder="YYYY/MM/DD" pattern="\\d{4}/\\d{2}/\\d{2}" required></div>
<div class="field"><label for="l-team">Team size *</label><input type="number" id="l-team" name="team_size" min="1" max="100000" step="1" required></div>
<div class="field"><label for="l-mrr">Monthly revenue (EUR)</label><input type="number" id="l-mrr" name="mrr_eur" min="0"></div>
<div class="row"><span class="q">Date of birth</span> <input type="text" name="dob" placeholder="YYYY/MM/DD"></div>
<div class="field"><label for="l-ind">Industry *</label><select id="l-ind" name="industry" required><option value="">Choose…</option><option>B2B Software</option><option>Consumer</option><option>Other</option></select></div>
<fieldset><legend>Region *</legend>
<label><input type="radio" name="region" value="Europe" required> Europe</label>
<label><input type="radio" name="region" value="North America"> North America</label>
<label><input type="radio" name="region" value="Asia"> Asia</label>
<label><input type="radio" name="region" value="Other"> Other</label></fieldset>
<div class="field"><label for="l-comments">Additional comments</label><textarea id="l-comments" name="comments" rows="3"></textarea></div>
<div class="field"><label for="l-else">Anything else we should know?</label><textarea id="l-else" name="anything_else" rows="3"></textarea></div>
<div class="field"><label for="l-msg">Your message to the team</label><textarea id="l-msg" name="message" rows="3"></textarea></div>
<div class="field"><label><input type="checkbox" name="newsletter" value="yes"> Send me the Larch newsletter</label></div>
<button type="submit">Apply</button></form>`;

/**
 * Exact values: a founding date asked by an untied label with a "YYYY/MM/DD" placeholder and a
 * pattern, a number input for the team, an amount in EUR, "B2B Software / Consumer / Other" for a SaaS
 * startup and "Europe / North America / Asia / Other" for a London one. A profile with only ranges and a
 * founding year cannot answer the required ones: the run asks the founder. Records every field it gets.
 */
export const larchCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'exact-values',
  expectedOutcome: 'waiting_for_input',
  description:
    "Untied labels with format placeholders, number and date-like inputs, choices worded unlike the profile, optional comment boxes: only exact values, the founder's own answers, or a pause.",
  routes(app, ctx) {
    standardPages(app, brand, ['Quartz Ledger', 'Tiller'], ['Ines Barros, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Seed cheques for B2B software in Europe.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base) })));
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(
        f.name &&
        f.email &&
        f.company &&
        /^\d{4}\/\d{2}\/\d{2}$/.test(f.founding_date ?? '') &&
        /^\d+$/.test(f.team_size ?? '') &&
        f.industry &&
        f.region,
      );
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please answer every required question in the format shown.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Application received</h1><p>Thank you, we will be in touch.</p></div>',
        }),
      );
    });
  },
};
