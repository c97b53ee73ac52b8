import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'bramble-ventures',
  name: 'Bramble Ventures',
  tagline: 'Pre-seed cheques, honest questions',
  accent: '#5c940d',
};

const form = (base: string) => `<h1>Apply to Bramble</h1>
<form method="post" action="${base}/apply">
<div class="field"><label for="b-name">Full name *</label><input type="text" id="b-name" name="name" required></div>
<div class="field"><label for="b-email">Email *</label><input type="email" id="b-email" name="email" required></div>
<div class="field"><label for="b-co">Company *</label><input type="text" id="b-co" name="company" required></div>
<div class="field"><label for="b-traction">What traction do you have? *</label><textarea id="b-traction" name="traction" rows="3" required></textarea></div>
<div class="field"><label for="b-why">Why now? *</label><textarea id="b-why" name="why_now" rows="3" required></textarea></div>
<div class="field"><label for="b-track">Which track are you applying for? *</label><select id="b-track" name="track" required><option value="">Select…</option><option>Residency programme</option><option>Direct investment</option></select></div>
<div class="field"><label for="b-ref">Anything we should read first?</label><input type="text" id="b-ref" name="read_first"></div>
<button type="submit">Send application</button></form>`;

/**
 * Custom required questions a profile does not answer ("Why now?", a track to choose with no
 * option a profile maps to): the automation must stop before sending and ask the founder; with
 * their answers it fills and sends. "What traction do you have?" is answered from the profile.
 */
export const brambleVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'custom-questions',
  expectedOutcome: 'waiting_for_input',
  description:
    'Required custom questions ("Why now?", a track choice) that only the founder can answer: the run waits for their answers, then sends.',
  routes(app, ctx) {
    standardPages(app, brand, ['Fieldnote', 'Okra Health'], ['Mira Castell, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We back first-time founders before their first round.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base) })));
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(f.name && f.email && f.company && f.traction && f.why_now && f.track);
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
          body: '<div class="success"><h1>Application received</h1><p>Thank you, we read every answer.</p></div>',
        }),
      );
    });
  },
};
