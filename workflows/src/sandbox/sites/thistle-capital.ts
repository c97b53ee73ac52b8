import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'thistle-capital',
  name: 'Thistle Capital',
  tagline: 'Pre-seed and seed for founders in the UK and Ireland',
  accent: '#6741d9',
};

const isFile = (v: string | undefined) => !!v && v !== 'file:';

/**
 * Several uploads, each asking for its own document: the deck, the founder's CV (required), a financial
 * model (optional) and the co-founders' CVs (optional, someone else's). Each gets only the founder's
 * document of that kind: a founder without a CV cannot apply (nothing is sent), and no upload ever gets the
 * deck or the founder's CV in place of another document.
 */
export const thistleCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'other-document-uploads',
  expectedOutcome: 'failed',
  description:
    'Uploads for the deck, the founder’s CV (required), a financial model and co-founders’ CVs (optional): each only its own document.',
  routes(app, ctx) {
    standardPages(app, brand, ['Loch Robotics', 'Kelpie Pay'], ['Morag Fraser, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Cheques of £100k–£750k.', `<p><a class="btn" href="${ctx.base}/apply">Apply</a></p>`)}`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply to Thistle</h1>
<form method="post" action="${ctx.base}/apply" enctype="multipart/form-data">
<div class="field"><label for="t-name">Full name *</label><input type="text" id="t-name" name="name" required></div>
<div class="field"><label for="t-email">Email *</label><input type="email" id="t-email" name="email" required></div>
<div class="field"><label for="t-co">Company *</label><input type="text" id="t-co" name="company" required></div>
<div class="field"><label for="t-deck">Pitch deck (PDF) *</label><input type="file" id="t-deck" name="deck" accept=".pdf,application/pdf" required></div>
<div class="field"><label for="t-cv">Founder CV / résumé (PDF) *</label><input type="file" id="t-cv" name="cv" accept=".pdf" required></div>
<div class="field"><label for="t-model">Financial model (optional)</label><input type="file" id="t-model" name="model" accept=".pdf,.xlsx"></div>
<div class="field"><label for="t-team">Co-founders’ CVs (optional)</label><input type="file" id="t-team" name="team_cvs" accept=".pdf"></div>
<button type="submit">Send application</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(f.name && f.email && f.company && isFile(f.deck) && isFile(f.cv));
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please attach your deck and your CV.</p>',
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
