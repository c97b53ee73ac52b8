import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'crumb-capital',
  name: 'Crumb Capital',
  tagline: 'Seed funds for food and consumer brands',
  accent: '#b35c1e',
};

// A full-screen consent layer that swallows every click until a choice is made (stored in a cookie).
const banner = `<style>#cc-layer{position:fixed;inset:0;background:rgba(20,20,20,.55);z-index:1000;display:flex;align-items:flex-end}
#cc-box{background:#fff;width:100%;padding:24px 40px;box-shadow:0 -4px 20px rgba(0,0,0,.25)}#cc-box .row{display:flex;gap:12px;margin-top:12px}</style>
<div id="cc-layer"><div id="cc-box" role="dialog" aria-modal="true" aria-labelledby="cc-title"><h2 id="cc-title">We value your privacy</h2>
<p>We use cookies to run this site and, with your consent, to measure visits and personalise ads.</p>
<div class="row"><button type="button" id="cc-all">Accept all cookies</button><button type="button" class="secondary" id="cc-min">Only necessary cookies</button></div></div></div>
<script>(function(){var l=document.getElementById('cc-layer');
if(/(^|; )consent=/.test(document.cookie)){l.remove();return;}
function choose(v){document.cookie='consent='+v+'; path=/';l.remove();}
document.getElementById('cc-all').onclick=function(){choose('all');};document.getElementById('cc-min').onclick=function(){choose('necessary');};})();</script>`;

/** The form sits under a cookie-consent layer that intercepts clicks; a person picks "necessary only" first. */
export const crumbCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'cookie-banner-over-form',
  expectedOutcome: 'completed',
  description:
    'A cookie-consent layer covers the whole page (clicks do not reach the form) until a choice is made; records the consent chosen.',
  routes(app, ctx) {
    standardPages(app, brand, ['Oat & Co', 'Brightbrew'], ['Maya Lindqvist, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          head: banner,
          body: `${hero(brand, 'We back founders building the next household names.')}<p><a href="${ctx.base}/apply">Apply for funding</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply for funding',
          head: banner,
          body: `<h1>Apply for funding</h1>
<form method="post" action="${ctx.base}/apply">
<div class="field"><label for="c-name">Your name *</label><input type="text" id="c-name" name="name" required></div>
<div class="field"><label for="c-email">Email *</label><input type="email" id="c-email" name="email" required></div>
<div class="field"><label for="c-co">Company name *</label><input type="text" id="c-co" name="company" required></div>
<div class="field"><label for="c-web">Website</label><input type="url" id="c-web" name="website"></div>
<div class="field"><label for="c-what">What are you building? *</label><textarea id="c-what" name="pitch" required></textarea></div>
<button type="submit">Send application</button></form>`,
        }),
      ),
    );
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const consent = /(?:^|; )consent=([^;]*)/.exec(String(req.headers.cookie ?? ''))?.[1] ?? '';
      const ok = Boolean(f.name && f.email && f.company && f.pitch);
      ctx.record({ ...f, cookie_consent: consent }, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please fill in every required field.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Thanks for applying</h1><p>We read every application and reply within two weeks.</p></div>',
        }),
      );
    });
  },
};
