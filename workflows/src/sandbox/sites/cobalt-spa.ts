import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html } from './common';

// A single-page app whose form marks nothing as required: only its script refuses an incomplete submission,
// with one message that names the fields by exception ("All fields except website are required"), and sends
// nothing. The server refuses the same way, so nothing incomplete is ever recorded as accepted.
const app = `
(function(){
  var BASE = '__BASE__';
  var root = document.getElementById('root');
  var FIELDS = [['name', 'Full name', 'text'], ['email', 'Email', 'email'], ['company', 'Company', 'text'], ['website', 'Website', 'text'],
    ['whyNow', 'Why are you raising now?', 'area'], ['heard', 'How did you hear about us?', 'text']];
  var state = {};
  function field(f){
    var id = 'f-' + f[0];
    var control = f[2] === 'area' ? '<textarea id="' + id + '" data-k="' + f[0] + '"></textarea>' : '<input id="' + id + '" type="' + f[2] + '" data-k="' + f[0] + '">';
    return '<div class="field"><label for="' + id + '">' + f[1] + '</label>' + control + '</div>';
  }
  function render(){
    root.innerHTML = '<header class="site"><span class="logo">Cobalt Capital</span></header><main><h1>Pitch Cobalt</h1><p>We read every application.</p><div class="form">' +
      FIELDS.map(field).join('') + '<p class="error" role="alert" hidden></p><button type="button" class="send">Send application</button></div></main>';
    root.querySelectorAll('[data-k]').forEach(function(el){ el.addEventListener('input', function(){ state[el.getAttribute('data-k')] = el.value.trim(); }); });
    root.querySelector('.send').addEventListener('click', function(){
      var err = root.querySelector('.error');
      var missing = FIELDS.filter(function(f){ return f[0] !== 'website' && !state[f[0]]; });
      if (missing.length) { err.textContent = 'All fields except website are required'; err.hidden = false; return; }
      fetch(BASE + '/api/pitch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) })
        .then(function(r){ if (!r.ok) throw new Error(); root.querySelector('main').innerHTML = '<div class="success"><h2>Thank you!</h2><p>Your pitch has been received.</p></div>'; })
        .catch(function(){ err.textContent = 'Something went wrong, please try again.'; err.hidden = false; });
    });
  }
  setTimeout(render, 400);
})();`;

export const cobaltSpa: SiteDefinition = {
  slug: 'cobalt-spa',
  name: 'Cobalt Capital',
  kind: 'script-required-refusal',
  expectedOutcome: 'waiting_for_input',
  description:
    'Single-page app with no required marks: its script refuses the submission with "All fields except website are required" and sends nothing.',
  routes(server, ctx) {
    const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cobalt Capital</title><style>body{font-family:system-ui,sans-serif;margin:0}main{max-width:680px;margin:0 auto;padding:32px}header.site{padding:16px 32px;border-bottom:1px solid #eee}.logo{font-weight:700;color:#1c7ed6}.field{margin-bottom:14px}label{display:block;font-weight:600}input,textarea{display:block;width:100%;padding:8px;margin-top:4px;font:inherit}button{background:#1c7ed6;color:#fff;border:0;padding:10px 18px;border-radius:6px;font:inherit}.error{color:#b3261e}.success{background:#e7f5ff;padding:20px;border-radius:8px}</style></head><body><div id="root"></div><script>${app.split('__BASE__').join(ctx.base)}</script></body></html>`;
    server.get('/', async (_q, r) => html(r, shell));
    server.post('/api/pitch', async (req, r) => {
      const f = flatten(req.body);
      const ok = ['name', 'email', 'company', 'whyNow', 'heard'].every((k) => f[k]);
      ctx.record(f, ok);
      return ok ? r.send({ ok: true }) : r.code(422).send({ error: 'All fields except website are required' });
    });
  },
};
