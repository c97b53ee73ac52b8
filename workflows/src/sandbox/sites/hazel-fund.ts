import { esc, firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = { slug: 'hazel-fund', name: 'Hazel Fund', tagline: 'One question at a time', accent: '#e8590c' };

type Q = { key: string; title: string; type: 'text' | 'email' | 'choice'; options?: string[] };
const QUESTIONS: Q[] = [
  { key: 'name', title: 'Your full name *', type: 'text' },
  { key: 'email', title: 'Email *', type: 'email' },
  { key: 'company', title: 'Company name *', type: 'text' },
  { key: 'stage', title: 'Funding stage *', type: 'choice', options: ['Pre-seed', 'Seed', 'Series A', 'Series B+'] },
  {
    key: 'region',
    title: 'Where are you based? *',
    type: 'choice',
    options: ['Europe', 'North America', 'Asia', 'Other'],
  },
];

const css = `body{margin:0;font-family:system-ui,sans-serif;background:#fff4e6;color:#3d1f00}
.q{display:none;min-height:100vh;align-items:center;justify-content:center}.q.on{display:flex}.q .in{width:520px}
.q h2{font-weight:500;font-size:22px}.q input{width:100%;font-size:20px;border:0;border-bottom:2px solid #ffa94d;background:transparent;padding:8px 0;outline:none}
.opts{display:flex;flex-direction:column;gap:8px;max-width:300px}.opt{display:flex;gap:10px;align-items:center;border:1px solid #ffa94d;border-radius:6px;padding:8px 12px;cursor:pointer;user-select:none}
.opt .key{display:inline-block;width:22px;height:22px;border:1px solid #e8590c;border-radius:3px;text-align:center;font:12px/22px system-ui}
.opt[aria-checked=true]{background:#e8590c;color:#fff}.next{margin-top:16px;background:#e8590c;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit}.err{color:#c92a2a}`;

// Choices are divs with role=radio and no radiogroup around them, a letter key beside each; a Continue
// button moves on (nothing advances by itself). The last screen's button sends the answers as JSON.
function screen(q: Q, i: number): string {
  const last = i === QUESTIONS.length - 1;
  const control =
    q.type === 'choice'
      ? `<div class="opts">${(q.options ?? []).map((o, j) => `<div class="opt" role="radio" aria-checked="false" tabindex="0" data-value="${esc(o)}"><span class="key">${String.fromCharCode(65 + j)}</span><span>${esc(o)}</span></div>`).join('')}</div>`
      : `<input type="${q.type}" data-key="${q.key}" autocomplete="off">`;
  return `<section class="q${i === 0 ? ' on' : ''}" data-key="${q.key}"><div class="in"><h2>${esc(q.title)}</h2>${control}<p class="err" role="alert"></p><button type="button" class="next">${last ? 'Send application' : 'Continue'}</button></div></section>`;
}

const script = `(function(){
  var screens = Array.prototype.slice.call(document.querySelectorAll('.q')), at = 0, answers = {};
  function show(i){ screens[at].classList.remove('on'); at = i; screens[at].classList.add('on'); }
  function next(){
    var s = screens[at], key = s.getAttribute('data-key'), f = s.querySelector('input');
    if (f) answers[key] = f.value.trim();
    if (!answers[key]) { s.querySelector('.err').textContent = 'Please answer this question'; return; }
    if (at < screens.length - 1) return show(at + 1);
    fetch('__BASE__/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); document.body.innerHTML = '<section class="q on"><div class="in"><h2>Thank you! Your application has been received.</h2></div></section>'; });
  }
  function pick(opt){
    var s = opt.closest('.q');
    s.querySelectorAll('.opt').forEach(function(o){ o.setAttribute('aria-checked','false'); });
    opt.setAttribute('aria-checked','true');
    answers[s.getAttribute('data-key')] = opt.getAttribute('data-value');
  }
  document.addEventListener('click', function(e){
    var opt = e.target.closest('.opt'); if (opt) return pick(opt);
    if (e.target.closest('.next')) next();
  });
  document.addEventListener('keydown', function(e){
    var opts = screens[at].querySelectorAll('.opt'), k = e.key.toUpperCase().charCodeAt(0) - 65;
    if (opts.length && e.key.length === 1 && k >= 0 && k < opts.length) pick(opts[k]);
  });
})();`;

/**
 * One question per screen with choices drawn as role=radio divs outside any radiogroup (such a
 * flow used to fail with "The form did not accept the answers"). "Where are you based?" offers regions:
 * a Berlin startup is in Europe, not "Other". Records what it receives.
 */
export const hazelFund: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'radio-divs-one-at-a-time',
  expectedOutcome: 'completed',
  description:
    'One question per screen; choices are role=radio divs without a radiogroup, with letter keys and a Continue button; regions instead of cities.',
  routes(app, ctx) {
    standardPages(app, brand, ['Copperline', 'Muse Audio'], ['Lena Okafor, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Pre-seed and seed across Europe.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply | Hazel Fund</title><style>${css}</style></head><body>${QUESTIONS.map(screen).join('')}<script>${script.split('__BASE__').join(ctx.base)}</script></body></html>`,
      ),
    );
    app.post('/responses', async (req, r) => {
      const f = flatten(req.body);
      const ok =
        QUESTIONS.every((q) => f[q.key]) &&
        QUESTIONS.filter((q) => q.options).every((q) => q.options?.includes(f[q.key]));
      ctx.record(f, ok);
      return ok ? r.send({ ok: true }) : r.code(422).send({ error: 'incomplete' });
    });
  },
};
