import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'pinecone-vc',
  name: 'Pinecone VC',
  tagline: 'Pacific Northwest seed fund',
  accent: '#087f5b',
};

const script = `
document.getElementById('pc-form').addEventListener('submit', function(e){
  e.preventDefault();
  var data = {}; new FormData(e.target).forEach(function(v, k){ data[k] = v; });
  fetch(e.target.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) })
    .then(function(r){ return r.json(); })
    .then(function(res){
      var box = document.getElementById('pc-status');
      if (res.ok) { box.className = 'success'; box.textContent = 'Thanks! We received your application.'; }
      else { box.className = 'alert alert-danger error'; box.textContent = 'Submission failed: ' + res.error; }
      box.style.display = 'block';
    });
});`;

/** HTTP 200 but the page shows an error banner: success must be judged on what the page says. */
export const pineconeVc: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'error-message-after-submit',
  expectedOutcome: 'failed',
  description:
    "Form posts via fetch; the API answers 200 {ok:false} and the page shows 'Submission failed: applications are closed'.",
  routes(app, ctx) {
    standardPages(app, brand, ['Cascade', 'Rainier Data'], ['Evan Brooks, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Seed cheques for Seattle and Portland founders.')}<h2>Apply</h2>
<form id="pc-form" action="${ctx.base}/api/apply"><div class="field"><label for="p-name">Name</label><input type="text" id="p-name" name="name" required></div>
<div class="field"><label for="p-email">Email</label><input type="email" id="p-email" name="email" required></div>
<div class="field"><label for="p-co">Company</label><input type="text" id="p-co" name="company" required></div>
<div class="field"><label for="p-web">Website</label><input type="url" id="p-web" name="website"></div>
<button type="submit">Apply</button></form><div id="pc-status" role="alert" style="display:none"></div><script>${script}</script>`,
        }),
      ),
    );
    app.post('/api/apply', async (req, r) => {
      ctx.record(flatten(req.body), false);
      return r.send({ ok: false, error: 'Applications are currently closed. Please check back in Q3.' });
    });
  },
};
