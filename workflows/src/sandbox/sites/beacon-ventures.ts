import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'beacon-ventures',
  name: 'Beacon Ventures',
  tagline: 'Seed investors for marketplaces and commerce',
  accent: '#f08c00',
};

/** POST then 303 to a separate thank-you URL (post/redirect/get). */
export const beaconVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'redirect-after-post',
  expectedOutcome: 'completed',
  description:
    "Landing page has a general contact form (a trap) and an 'Apply' link; the apply form's POST answers 303 See Other to /thank-you.",
  routes(app, ctx) {
    standardPages(app, brand, ['Stall', 'Resell Co'], ['Jamie Fox, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          nav: [
            ['Home', '/'],
            ['Portfolio', '/portfolio'],
            ['Apply', '/apply'],
          ],
          body: `${hero(brand, 'We back marketplace founders at seed with $1–2M.')}
<h2>Contact us</h2><p>Press, LPs and general questions.</p>
<form method="post" action="${ctx.base}/contact">
<div class="field"><label for="k-name">Name</label><input type="text" id="k-name" name="name"></div>
<div class="field"><label for="k-email">Email</label><input type="email" id="k-email" name="email"></div>
<div class="field"><label for="k-co">Company</label><input type="text" id="k-co" name="company"></div>
<div class="field"><label for="k-msg">Message</label><textarea id="k-msg" name="message"></textarea></div>
<button type="submit">Send</button></form>`,
        }),
      ),
    );
    app.post('/contact', async (req, r) => {
      ctx.record({ ...flatten(req.body), _form: 'contact' });
      return html(r, firmPage({ brand, title: 'Thanks', body: '<p class="success">Thanks for your message.</p>' }));
    });
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply to Beacon</h1><form method="post" action="${ctx.base}/apply">
<div class="field"><label for="b-first">First name</label><input type="text" id="b-first" name="fname" required></div>
<div class="field"><label for="b-last">Last name</label><input type="text" id="b-last" name="lname" required></div>
<div class="field"><label for="b-email">Email</label><input type="email" id="b-email" name="email" required></div>
<div class="field"><label for="b-co">Startup name</label><input type="text" id="b-co" name="startup" required></div>
<div class="field"><label for="b-li">LinkedIn</label><input type="url" id="b-li" name="linkedin"></div>
<div class="field"><label for="b-loc">Location</label><input type="text" id="b-loc" name="city"></div>
<div class="field"><label for="b-founded">Year founded</label><input type="text" id="b-founded" name="year"></div>
<div class="field"><label for="b-raised">How much have you raised so far?</label><input type="text" id="b-raised" name="raised"></div>
<button type="submit">Apply</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.redirect(`${ctx.base}/thank-you`, 303);
    });
    app.get('/thank-you', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Thank you',
          body: '<div class="success"><h1>Application received</h1><p>Thank you for reaching out. We review new applications every Monday.</p></div>',
        }),
      ),
    );
  },
};
