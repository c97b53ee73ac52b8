import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'ember-capital',
  name: 'Ember Capital',
  tagline: 'First cheques for founders in Latin America',
  accent: '#e8590c',
};

/** Deck as a URL field, with an optional upload beside it: the automation must use the URL and skip the file. */
export const emberCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'deck-url-field',
  expectedOutcome: 'completed',
  description:
    'Multipart form with a pitch deck link field and an optional PDF upload; succeeds with the deck URL alone.',
  routes(app, ctx) {
    standardPages(app, brand, ['Pago Rápido', 'Agrotech Sur'], ['Camila Duarte, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We invest $100k–$750k in pre-seed and seed companies across LatAm.', `<p><a class="btn" href="${ctx.base}/pitch">Pitch us</a></p>`)}`,
        }),
      ),
    );
    app.get('/pitch', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Pitch us',
          body: `<h1>Pitch Ember Capital</h1>
<form method="post" action="${ctx.base}/pitch" enctype="multipart/form-data">
<div class="field"><label for="e-name">Name *</label><input type="text" id="e-name" name="name" required></div>
<div class="field"><label for="e-email">Email *</label><input type="email" id="e-email" name="email" required></div>
<div class="field"><label for="e-co">Startup *</label><input type="text" id="e-co" name="startup" required></div>
<div class="field"><label for="e-deck">Pitch deck link (DocSend, Google Drive…) *</label><input type="url" id="e-deck" name="deck_url" required placeholder="https://"></div>
<div class="field"><label for="e-file">Or upload your deck (PDF, optional)</label><input type="file" id="e-file" name="deck_file" accept=".pdf"></div>
<div class="field"><label for="e-more">Anything else we should know?</label><textarea id="e-more" name="notes"></textarea></div>
<button type="submit">Send pitch</button></form>`,
        }),
      ),
    );
    app.post('/pitch', async (req, r) => {
      ctx.record(flatten(req.body));
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: `<div class="success"><h1>Thanks!</h1><p>We have received your pitch and will review it this week.</p></div>`,
        }),
      );
    });
  },
};
