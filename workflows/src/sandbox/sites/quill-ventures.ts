import { firmPage, hero, type Brand } from '../html';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'quill-ventures',
  name: 'Quill Ventures',
  tagline: 'Media, creators and the tools behind them',
  accent: '#862e9c',
};

/** No form anywhere: pitches go to a mailbox. The automation must say so instead of inventing a success. */
export const quillVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'email-only',
  expectedOutcome: 'failed',
  description: 'Contact page only offers a mailto: address for pitches; there is no form on the site.',
  routes(app) {
    standardPages(app, brand, ['Inkwell', 'Podnest'], ['Mara Jensen, Solo GP']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          nav: [
            ['Home', '/'],
            ['Portfolio', '/portfolio'],
            ['Team', '/team'],
            ['Contact', '/contact'],
          ],
          body: `${hero(brand, 'A solo GP fund writing $100–300k cheques into creator-economy startups.')}`,
        }),
      ),
    );
    app.get('/contact', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Contact',
          nav: [
            ['Home', '/'],
            ['Portfolio', '/portfolio'],
            ['Team', '/team'],
            ['Contact', '/contact'],
          ],
          body: `<h1>Get in touch</h1><p>Founders: send your deck to <a href="mailto:pitches@quill-ventures.example?subject=Pitch">pitches@quill-ventures.example</a>. We reply to every e-mail within a week.</p><p>Press: <a href="mailto:press@quill-ventures.example">press@quill-ventures.example</a></p><p>Based in Copenhagen.</p>`,
        }),
      ),
    );
  },
};
