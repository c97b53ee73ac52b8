import { firmPage, hero, esc, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'granite-growth',
  name: 'Granite Growth',
  tagline: 'Seed and Series A for vertical software',
  accent: '#495057',
};

// Radios are visually hidden behind styled "pills" (a common pattern that defeats naive clicking).
const pills =
  '.pills{display:flex;gap:8px;flex-wrap:wrap}.pills input{position:absolute;opacity:0;width:1px;height:1px}.pills label{display:inline-block;font-weight:400;border:1px solid #adb5bd;border-radius:20px;padding:6px 14px;cursor:pointer}.pills input:checked+label{background:#495057;color:#fff}.check label{display:inline;font-weight:400}';

const radio = (name: string, values: string[]) =>
  `<div class="pills">${values.map((v, i) => `<input type="radio" id="${name}-${i}" name="${name}" value="${esc(v)}" required><label for="${name}-${i}">${esc(v)}</label>`).join('')}</div>`;

const REQUIRED = ['founder_name', 'email', 'company', 'industry', 'stage', 'team_size', 'revenue', 'privacy'];

export const graniteGrowth: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'required-choices',
  expectedOutcome: 'completed',
  description:
    'Required selects (one with optgroups), required radio groups hidden behind styled pills, a required consent checkbox and optional checkboxes that must stay unticked.',
  routes(app, ctx) {
    standardPages(app, brand, ['Fieldwork', 'Clinicflow', 'Buildsheet'], ['Karen Osei, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We partner with founders selling software into traditional industries.')}<p>Raising? <a href="${ctx.base}/apply">Submit your pitch</a>.</p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Submit your pitch',
          head: `<style>${pills}</style>`,
          body: `<h1>Submit your pitch</h1>
<form method="post" action="${ctx.base}/apply">
<div class="field"><label for="g-name">Founder name *</label><input type="text" id="g-name" name="founder_name" required></div>
<div class="field"><label for="g-email">Email *</label><input type="email" id="g-email" name="email" required></div>
<div class="field"><label for="g-company">Company *</label><input type="text" id="g-company" name="company" required></div>
<div class="field"><label for="g-web">Website</label><input type="url" id="g-web" name="website"></div>
<div class="field"><label for="g-ind">Industry *</label><select id="g-ind" name="industry" required><option value="">-- Select --</option>
<optgroup label="Software"><option>B2B SaaS</option><option>Developer tools</option><option>AI / ML</option></optgroup>
<optgroup label="Finance"><option>Fintech</option><option>Insurtech</option></optgroup><optgroup label="Other"><option>Other</option></optgroup></select></div>
<div class="field"><label for="g-stage">Stage *</label><select id="g-stage" name="stage" required><option value="">-- Select --</option><option value="preseed">Pre-Seed</option><option value="seed">Seed</option><option value="a">Series A</option><option value="b_plus">Series B+</option></select></div>
<fieldset class="field" style="border:0;padding:0"><legend><b>Team size *</b></legend>${radio('team_size', ['1–5', '6–15', '16–50', '51+'])}</fieldset>
<fieldset class="field" style="border:0;padding:0"><legend><b>Monthly revenue *</b></legend>${radio('revenue', ['Pre-revenue', 'Under $10k', '$10k – $50k', 'Over $50k'])}</fieldset>
<fieldset class="field check" style="border:0;padding:0"><legend><b>Business model</b></legend>
<input type="checkbox" id="m1" name="model" value="B2B"><label for="m1">B2B</label> <input type="checkbox" id="m2" name="model" value="B2C"><label for="m2">B2C</label> <input type="checkbox" id="m3" name="model" value="Marketplace"><label for="m3">Marketplace</label></fieldset>
<div class="field check"><input type="checkbox" id="g-priv" name="privacy" value="yes" required> <label for="g-priv">I agree to the privacy policy *</label></div>
<div class="field check"><input type="checkbox" id="g-news" name="newsletter" value="yes"> <label for="g-news">Subscribe to our quarterly newsletter</label></div>
<button type="submit">Submit pitch</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const missing = REQUIRED.filter((k) => !f[k]);
      ctx.record(f, missing.length === 0);
      if (missing.length)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: `<div class="errors" role="alert"><h1>Please fix the following</h1><p>Missing required fields: ${esc(missing.join(', '))}</p></div>`,
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thank you',
          body: `<div class="success"><h1>Thank you for applying to Granite Growth</h1><p>Your pitch has been received.</p></div>`,
        }),
      );
    });
  },
};
