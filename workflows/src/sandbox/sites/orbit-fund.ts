import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'orbit-fund',
  name: 'Orbit Fund',
  tagline: 'Space, deep tech and the software around them',
  accent: '#673ab7',
};

const css = `
.gf{max-width:640px;margin:0 auto}.gf .card{background:#fff;border:1px solid #dadce0;border-radius:8px;padding:24px;margin-bottom:12px}
.gf .card.top{border-top:10px solid #673ab7}.gf [role=heading]{font-size:16px;margin-bottom:12px}
.gf .whsOnd{border:0;border-bottom:1px solid #dadce0;width:60%;padding:6px 0;font:inherit;outline:none}
.gf [role=radio],.gf [role=checkbox]{display:flex;align-items:center;gap:10px;padding:6px 0;cursor:pointer}
.gf .circle{width:18px;height:18px;border:2px solid #5f6368;border-radius:50%}.gf .box{width:18px;height:18px;border:2px solid #5f6368;border-radius:2px}
.gf [aria-checked=true] .circle,.gf [aria-checked=true] .box{background:#673ab7;border-color:#673ab7}
.gf [role=listbox]{position:relative;display:inline-block;min-width:240px;border:1px solid #dadce0;border-radius:4px;cursor:pointer}
.gf [role=option]{padding:8px 12px;display:none}.gf [role=option][aria-selected=true]{display:block}
.gf [role=listbox].open [role=option]{display:block}.gf [role=listbox].open{box-shadow:0 2px 8px rgba(0,0,0,.3)}
.gf [role=textbox][contenteditable]{border-bottom:1px solid #dadce0;min-height:24px;padding:6px 0;outline:none}
.gf .err{color:#d93025;font-size:12px;margin-top:8px}.gf [role=button]{display:inline-block;padding:9px 24px;border-radius:4px;cursor:pointer;user-select:none}
.gf #submit{background:#673ab7;color:#fff}.gf #clear{color:#673ab7;float:right}`;

const item = (id: string, title: string, required: boolean, control: string) =>
  `<div role="listitem" class="card" data-required="${required}"><div role="heading" aria-level="3" id="${id}">${title}${required ? ' <span class="req" aria-label="Required question">*</span>' : ''}</div>${control}<div class="err" role="alert" id="${id}e"></div></div>`;

const text = (id: string, type = 'text') =>
  `<input type="${type}" class="whsOnd" jsname="YPqjbf" autocomplete="off" aria-labelledby="${id}" aria-describedby="${id}e">`;
const radios = (id: string, opts: string[]) =>
  `<div role="radiogroup" aria-labelledby="${id}" aria-required="true">${opts.map((o) => `<div role="radio" aria-checked="false" tabindex="0" data-value="${o}" aria-label="${o}"><span class="circle"></span><span>${o}</span></div>`).join('')}</div>`;
const listbox = (id: string, opts: string[]) =>
  `<div role="listbox" aria-labelledby="${id}" aria-required="true" aria-expanded="false" tabindex="0"><div role="option" aria-selected="true" data-value=""><span>Choose</span></div>${opts
    .map((o) => `<div role="option" aria-selected="false" data-value="${o}"><span>${o}</span></div>`)
    .join('')}</div>`;

const script = `
(function(){
  var root = document.querySelector('.gf');
  root.querySelectorAll('[role=radiogroup]').forEach(function(g){
    g.querySelectorAll('[role=radio]').forEach(function(r){
      r.addEventListener('click', function(){ g.querySelectorAll('[role=radio]').forEach(function(o){ o.setAttribute('aria-checked','false'); }); r.setAttribute('aria-checked','true'); });
    });
  });
  root.querySelectorAll('[role=checkbox]').forEach(function(c){
    c.addEventListener('click', function(){ c.setAttribute('aria-checked', c.getAttribute('aria-checked') === 'true' ? 'false' : 'true'); });
  });
  root.querySelectorAll('[role=listbox]').forEach(function(lb){
    lb.addEventListener('click', function(e){
      var opt = e.target.closest('[role=option]');
      if (lb.classList.contains('open') && opt) {
        lb.querySelectorAll('[role=option]').forEach(function(o){ o.setAttribute('aria-selected','false'); });
        opt.setAttribute('aria-selected','true'); lb.classList.remove('open'); lb.setAttribute('aria-expanded','false');
      } else { lb.classList.add('open'); lb.setAttribute('aria-expanded','true'); }
    });
  });
  function answer(item){
    var el;
    if ((el = item.querySelector('input'))) return el.value.trim();
    if ((el = item.querySelector('[role=textbox]'))) return el.innerText.trim();
    if ((el = item.querySelector('[role=radio][aria-checked=true]'))) return el.getAttribute('data-value');
    if ((el = item.querySelector('[role=listbox]'))) { var s = el.querySelector('[role=option][aria-selected=true]'); return s ? s.getAttribute('data-value') : ''; }
    if ((el = item.querySelector('[role=checkbox]'))) return el.getAttribute('aria-checked') === 'true' ? 'Yes' : '';
    return '';
  }
  document.getElementById('clear').addEventListener('click', function(){ location.reload(); });
  document.getElementById('submit').addEventListener('click', function(){
    var answers = {}, ok = true;
    root.querySelectorAll('[role=listitem]').forEach(function(item){
      var title = item.querySelector('[role=heading]').childNodes[0].textContent.trim();
      var v = answer(item);
      var err = item.querySelector('.err');
      err.textContent = '';
      if (item.getAttribute('data-required') === 'true' && !v) { err.textContent = 'This is a required question'; ok = false; }
      answers[title] = v;
    });
    if (!ok) return;
    fetch('__BASE__/formResponse', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); location.assign('__BASE__/formResponse'); });
  });
})();`;

/** Google-Forms-like: no name attributes anywhere, labels only through aria-labelledby, custom ARIA widgets. */
export const orbitFund: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'aria-form-no-names',
  expectedOutcome: 'completed',
  description:
    'Google-Forms-like page: inputs without name attributes labelled via aria-labelledby, role=radio/listbox/checkbox/textbox widgets, div role=button submit.',
  routes(app, ctx) {
    standardPages(app, brand, ['Apogee Sensors', 'Lagrange Labs'], ['Tomás Reyes, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Pre-seed and seed cheques for founders building beyond the atmosphere.', `<p>We take applications through our founder form. <a href="${ctx.base}/form">Apply to Orbit</a></p>`)}`,
        }),
      ),
    );
    app.get('/form', async (_q, r) =>
      html(
        r,
        `<!doctype html><html><head><meta charset="utf-8"><title>Orbit Fund — Founder Application</title><style>body{background:#f0ebf8;font-family:Roboto,Arial,sans-serif;padding:24px}${css}</style></head><body>
<div class="gf" role="list">
<div class="card top"><h1>Orbit Fund — Founder Application</h1><p>Tell us about what you're building. * Indicates required question</p></div>
${item('i1', 'Founder name', true, text('i1'))}
${item('i2', 'Email', true, text('i2', 'email'))}
${item('i3', 'Startup name', true, text('i3'))}
${item('i4', 'Website', false, text('i4'))}
${item('i5', 'Stage', true, radios('i5', ['Pre-seed', 'Seed', 'Series A', 'Series B+']))}
${item('i6', 'Industry', true, listbox('i6', ['Space hardware', 'AI / Machine Learning', 'Fintech', 'Health', 'Climate', 'Other']))}
${item('i7', 'One-line pitch', true, `<div role="textbox" contenteditable="true" aria-multiline="true" aria-labelledby="i7"></div>`)}
${item('i8', 'Where is the company based?', false, text('i8'))}
${item('i9', 'I confirm that the information above is accurate', true, `<div role="checkbox" aria-checked="false" tabindex="0" aria-labelledby="i9"><span class="box"></span><span>Yes</span></div>`)}
<div><div role="button" tabindex="0" id="submit"><span>Submit</span></div><div role="button" tabindex="0" id="clear"><span>Clear form</span></div></div>
</div><script>${script.split('__BASE__').join(ctx.base)}</script></body></html>`,
      ),
    );
    app.post('/formResponse', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.send({ ok: true });
    });
    app.get('/formResponse', async (_q, r) =>
      html(
        r,
        `<!doctype html><html><head><meta charset="utf-8"><title>Orbit Fund — Founder Application</title><style>body{background:#f0ebf8;font-family:Roboto,Arial,sans-serif;padding:24px}${css}</style></head><body><div class="gf"><div class="card top"><h1>Orbit Fund — Founder Application</h1><p>Your response has been recorded.</p><a href="${ctx.base}/form">Submit another response</a></div></div></body></html>`,
      ),
    );
  },
};
