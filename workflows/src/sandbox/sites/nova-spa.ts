import { type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html } from './common';

const brand: Brand = {
  slug: 'nova-spa',
  name: 'Nova Capital',
  tagline: 'Seed investors for developer tools and AI infrastructure',
  accent: '#e64980',
};

// A client-rendered app: empty #root until JS runs (~1.2 s), a button (not a link) routes to the form,
// and input values only reach the payload through input events (like React controlled inputs).
const app = `
(function(){
  var BASE = '__BASE__';
  var root = document.getElementById('root');
  var state = { fullName: '', email: '', company: '', website: '', oneLiner: '', stage: '', teamSize: '', location: '' };
  function route(){ return location.pathname.replace(BASE, '').replace(/\\/$/, '') || '/'; }
  function go(path){ history.pushState({}, '', BASE + path); root.innerHTML = '<p class="muted">Loading…</p>'; setTimeout(render, 500); }
  window.addEventListener('popstate', render);
  function home(){
    root.innerHTML = '<header class="site"><span class="logo">Nova Capital</span></header><main><section class="hero"><h1>Nova Capital</h1><p>Seed investors for developer tools and AI infrastructure.</p><p>We lead $1–3M seed rounds and help you find your first 100 customers.</p><button type="button" class="cta">Apply now</button></section></main>';
    root.querySelector('.cta').addEventListener('click', function(){ go('/apply'); });
  }
  function input(key, label, type){ return '<div class="field"><label>' + label + '<input data-k="' + key + '" type="' + (type || 'text') + '"></label></div>'; }
  function select(key, label, opts){ return '<div class="field"><label>' + label + '<select data-k="' + key + '"><option value="">Select…</option>' + opts.map(function(o){ return '<option>' + o + '</option>'; }).join('') + '</select></label></div>'; }
  function apply(){
    root.innerHTML = '<header class="site"><span class="logo">Nova Capital</span></header><main><h1>Apply to Nova</h1><form class="nova-form" novalidate>' +
      input('fullName', 'Full name') + input('email', 'Email', 'email') + input('company', 'Company name') + input('website', 'Website') +
      '<div class="field"><label>What is your one-liner?<textarea data-k="oneLiner"></textarea></label></div>' +
      select('stage', 'Stage', ['Pre-seed', 'Seed', 'Series A', 'Series B+']) + select('teamSize', 'Team size', ['1–5', '6–20', '21–50', '50+']) + input('location', 'Location') +
      '<p class="error" role="alert" style="display:none"></p><button type="submit">Submit application</button></form></main>';
    root.querySelectorAll('[data-k]').forEach(function(el){
      el.addEventListener(el.tagName === 'SELECT' ? 'change' : 'input', function(){ state[el.getAttribute('data-k')] = el.value; });
    });
    root.querySelector('form').addEventListener('submit', function(e){
      e.preventDefault();
      var err = root.querySelector('.error');
      if (!state.fullName || !state.email || !state.company) { err.textContent = 'Please fill in your name, email and company.'; err.style.display = 'block'; return; }
      fetch(BASE + '/api/apply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) })
        .then(function(r){ if (!r.ok) throw new Error(); root.querySelector('main').innerHTML = '<div class="success"><h2>🎉 Application submitted!</h2><p>We will be in touch soon.</p></div>'; })
        .catch(function(){ err.textContent = 'Network error, please retry.'; err.style.display = 'block'; });
    });
  }
  function render(){ if (route() === '/apply') apply(); else home(); }
  setTimeout(render, 1200);
})();`;

export const novaSpa: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'client-rendered-spa',
  expectedOutcome: 'completed',
  description:
    "Client-rendered SPA: blank until JS renders after ~1.2 s; an 'Apply now' button (no link) routes to a form whose values only count via input events.",
  routes(server, ctx) {
    const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${brand.name}</title><style>:root{--accent:${brand.accent}}body{font-family:system-ui,sans-serif;margin:0}main{max-width:720px;margin:0 auto;padding:32px}header.site{padding:16px 32px;border-bottom:1px solid #eee}.logo{font-weight:700;color:var(--accent)}.field{margin-bottom:14px}label{display:block;font-weight:600}input,select,textarea{display:block;width:100%;padding:8px;margin-top:4px;font:inherit}button{background:var(--accent);color:#fff;border:0;padding:10px 18px;border-radius:6px;font:inherit}.error{color:#b3261e}.success{background:#fdebf3;padding:20px;border-radius:8px}.muted{color:#777}</style></head><body><div id="root"></div><script>${app.split('__BASE__').join(ctx.base)}</script></body></html>`;
    server.get('/', async (_q, r) => html(r, shell));
    server.get('/apply', async (_q, r) => html(r, shell));
    server.post('/api/apply', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.send({ ok: true });
    });
  },
};
