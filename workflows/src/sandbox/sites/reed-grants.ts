import { firmPage, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html } from './common';

const brand: Brand = {
  slug: 'reed-grants',
  name: 'Reed Grants',
  tagline: 'Grants for first-time founders',
  accent: '#862e9c',
};

// Controls that each accept exactly what their attributes say: a free tel input (any text), a tel input with a
// digits-only pattern, a number input with step=0.01, a whole-number input, and a text input with a maxlength.
const form = `<h1>Reed founder grant</h1><form method="post">
<label for="n">Full name *</label><input id="n" name="name" required>
<label for="e">Email *</label><input id="e" type="email" name="email" required>
<label for="c">Company *</label><input id="c" name="company" required>
<label for="p">Phone</label><input id="p" type="tel" name="phone">
<label for="o">Office phone (digits only)</label><input id="o" type="tel" name="officePhone" pattern="[0-9]{10}">
<label for="g">GPA *</label><input id="g" type="number" name="gpa" step="0.01" min="0" max="4" required>
<label for="y">Years of experience *</label><input id="y" type="number" name="years" min="0" required>
<label for="t">Tagline</label><input id="t" name="tagline" maxlength="20">
<button type="submit">Submit application</button></form>`;

export const reedGrants: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'refused-values',
  expectedOutcome: 'waiting_for_input',
  description:
    'Controls that refuse some values: a free tel input, a digits-only tel pattern, a number with step=0.01, a whole number, a maxlength.',
  routes(app, ctx) {
    app.get('/', async (_q, r) => html(r, firmPage({ brand, body: form })));
    app.post('/', async (req, r) => {
      ctx.record(flatten(req.body));
      return html(r, firmPage({ brand, body: '<h1>Thank you, your application has been received.</h1>' }));
    });
  },
};
