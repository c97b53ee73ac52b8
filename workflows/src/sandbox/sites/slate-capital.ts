import { firmPage, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, sleep } from './common';

const brand: Brand = {
  slug: 'slate-capital',
  name: 'Slate Capital',
  tagline: 'Patient seed capital',
  accent: '#495057',
};

/** How long the firm's server takes to answer a submission (the page shows it is busy meanwhile). */
const SLATE_ANSWER_MS = 3000;

const form = (action: string) => `<h1>Apply to Slate Capital</h1><form class="apply" data-action="${action}">
<label for="n">Your name</label><input id="n" name="name" required>
<label for="e">Email</label><input id="e" type="email" name="email" required>
<label for="c">Company</label><input id="c" name="company" required>
<p class="status" role="status"></p><button type="submit">Send application</button></form>`;

// Submitted by script: the form turns busy (aria-busy, the button disabled, "Sending…") until the server
// answers; on the main page a confirmation follows a moment after the answer, on /quiet nothing ever does.
const script = `document.querySelector('form.apply').addEventListener('submit', function(e){
  e.preventDefault();
  var f = e.target, btn = f.querySelector('button'), st = f.querySelector('.status'), quiet = f.getAttribute('data-action').indexOf('quiet') >= 0;
  f.setAttribute('aria-busy', 'true'); btn.disabled = true; st.textContent = 'Sending your application…';
  fetch(f.getAttribute('data-action'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(new FormData(f)).toString() })
    .then(function(r){ if (!r.ok) throw new Error();
      if (quiet) { f.removeAttribute('aria-busy'); st.textContent = ''; return; }
      st.textContent = 'Processing…';
      setTimeout(function(){ f.outerHTML = '<div class="success"><h2>Application received</h2><p>A partner will read it this week.</p></div>'; }, 800); })
    .catch(function(){ f.removeAttribute('aria-busy'); btn.disabled = false; st.textContent = 'Something went wrong, please try again.'; });
});`;

export const slateCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'slow-confirmation',
  expectedOutcome: 'completed',
  description:
    'The server takes ~3 s to answer the submission while the form shows it is busy, and the confirmation follows a moment later; /quiet accepts the application and never confirms.',
  routes(app, ctx) {
    const page = (action: string) => firmPage({ brand, body: `${form(action)}<script>${script}</script>` });
    app.get('/', async (_q, r) => html(r, page(`${ctx.base}/apply`)));
    app.get('/quiet', async (_q, r) => html(r, page(`${ctx.base}/quiet`)));
    app.post('/apply', async (req, r) => {
      await sleep(SLATE_ANSWER_MS);
      ctx.record(flatten(req.body));
      return r.send({ ok: true });
    });
    app.post('/quiet', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.send({ ok: true });
    });
  },
};
