import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html } from './common';

const brand: Brand = {
  slug: 'willow-partners',
  name: 'Willow Partners',
  tagline: 'Early-stage investors in the future of work',
  accent: '#5c940d',
};
const nav: [string, string][] = [
  ['About', '/about'],
  ['Portfolio', '/portfolio'],
  ['Team', '/team'],
  ['Insights', '/insights'],
  ['Contact', '/contact'],
];
const page = (title: string, body: string, head = '') => firmPage({ brand, title, body, head, nav });

/**
 * The apply form is two clicks away (landing → About → 'Submit your pitch'), and the Contact page is a
 * trap: only a general mailbox and a newsletter signup that must not be mistaken for an application.
 */
export const willowPartners: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'apply-link-two-deep',
  expectedOutcome: 'completed',
  description:
    "No apply link on the landing page; About links to 'Submit your pitch'. Contact has only a mailbox and a newsletter form.",
  routes(app, ctx) {
    app.get('/', async (_q, r) =>
      html(
        r,
        page(
          '',
          `${hero(brand, 'We back founders building tools for distributed teams, from the first cheque.')}<h2>Recent news</h2><p>Willow Fund III closes at $85M.</p>`,
        ),
      ),
    );
    app.get('/portfolio', async (_q, r) =>
      html(r, page('Portfolio', '<h1>Portfolio</h1><ul><li>Async Labs</li><li>Deskless</li><li>Standup.ai</li></ul>')),
    );
    app.get('/team', async (_q, r) =>
      html(r, page('Team', '<h1>Team</h1><ul><li>Rachel Moreau, Partner</li><li>Ben Adeyemi, Partner</li></ul>')),
    );
    app.get('/insights', async (_q, r) =>
      html(r, page('Insights', '<h1>Insights</h1><p>Essays on remote work and hiring.</p>')),
    );
    app.get('/contact', async (_q, r) =>
      html(
        r,
        page(
          'Contact',
          `<h1>Contact</h1><p>General enquiries: <a href="mailto:hello@willow-partners.example">hello@willow-partners.example</a></p>
<h2>Newsletter</h2><form method="post" action="${ctx.base}/newsletter"><div class="field"><label for="nl">Email</label><input type="email" id="nl" name="newsletter_email"></div><button type="submit">Subscribe</button></form>`,
        ),
      ),
    );
    app.get('/about', async (_q, r) =>
      html(
        r,
        page(
          'About',
          `<h1>About Willow</h1><p>Founded in 2014, Willow Partners has backed 60+ companies.</p><h2>Are you a founder?</h2><p>We'd love to hear from you. <a href="${ctx.base}/founders/apply">Submit your pitch →</a></p>`,
        ),
      ),
    );
    app.get('/founders/apply', async (_q, r) =>
      html(
        r,
        page(
          'Submit your pitch',
          `<h1>Submit your pitch</h1>
<form method="post" action="${ctx.base}/founders/apply">
<div class="field"><label for="w-name">Full name</label><input type="text" id="w-name" name="full_name" required></div>
<div class="field"><label for="w-email">Email</label><input type="email" id="w-email" name="email" required></div>
<div class="field"><label for="w-co">Company</label><input type="text" id="w-co" name="company" required></div>
<div class="field"><label for="w-web">Website</label><input type="url" id="w-web" name="website"></div>
<div class="field"><label for="w-round">Round size</label><input type="text" id="w-round" name="round_size"></div>
<div class="field"><label for="w-sector">Sector</label><select id="w-sector" name="sector"><option value="">Select a sector</option><option>Future of work</option><option>Fintech</option><option>AI</option><option>Health</option><option>Other</option></select></div>
<div class="field"><label for="w-msg">What are you building?</label><textarea id="w-msg" name="pitch" required></textarea></div>
<button type="submit">Submit</button></form>`,
        ),
      ),
    );
    app.post('/founders/apply', async (req, r) => {
      ctx.record(flatten(req.body));
      return html(
        r,
        page('Thank you', `<div class="success"><h1>Thank you</h1><p>We'll be in touch if there's a fit.</p></div>`),
      );
    });
    app.post('/newsletter', async (req, r) => {
      ctx.record({ ...flatten(req.body), _form: 'newsletter' });
      return html(r, page('Subscribed', '<p class="success">Thanks for subscribing!</p>'));
    });
  },
};
