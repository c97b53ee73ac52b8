import { esc, firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'birch-ventures',
  name: 'Birch Ventures',
  tagline: 'Press a key to answer',
  accent: '#5f3dc4',
};

type Q = { key: string; title: string; type: 'text' | 'email' | 'cards' | 'keys'; options?: string[] };
const QUESTIONS: Q[] = [
  { key: 'company', title: "What's your company called? *", type: 'text' },
  {
    key: 'sector',
    title: 'Which sector are you in? *',
    type: 'cards',
    options: ['AI / Machine Learning', 'B2B Software', 'Consumer', 'Other'],
  },
  {
    key: 'stage',
    title: 'What stage is the company at? *',
    type: 'keys',
    options: ['Pre-seed', 'Seed', 'Series A', 'Series B or later'],
  },
  {
    key: 'region',
    title: 'Where is the team based? *',
    type: 'cards',
    options: ['Europe', 'North America', 'Asia', 'Other'],
  },
  { key: 'email', title: "What's your email? *", type: 'email' },
];

const css = `body{margin:0;font-family:system-ui,sans-serif;background:#f3f0ff;color:#1c0c4f}
.q{display:none;min-height:100vh;align-items:center;justify-content:center}.q.on{display:flex}.q .in{width:540px}
.q h2{font-weight:500;font-size:22px}.q input{width:100%;font-size:20px;border:0;border-bottom:2px solid #9775fa;background:transparent;padding:8px 0;outline:none}
.cards{display:flex;flex-direction:column;gap:8px;max-width:320px}.card{display:flex;gap:10px;align-items:center;border:1px solid #9775fa;border-radius:6px;padding:8px 12px;background:#fff;font:inherit;text-align:left;cursor:pointer}
kbd{display:inline-block;width:22px;height:22px;border:1px solid #5f3dc4;border-radius:3px;text-align:center;font:12px/22px system-ui}
.keys{list-style:none;padding:0;display:flex;flex-direction:column;gap:8px;max-width:320px}.keys li{display:flex;gap:10px;align-items:center;border:1px dashed #9775fa;border-radius:6px;padding:8px 12px}
.selected{background:#5f3dc4;color:#fff}.ok{margin-top:16px;background:#5f3dc4;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit}.err{color:#c92a2a}`;

// Text screens have an OK button; card screens are <button> cards that move on by themselves; the stage
// screen is keyboard only (list items with a letter, no click handler, no role): "Press A, B, C or D".
function screen(q: Q, i: number): string {
  const last = i === QUESTIONS.length - 1;
  const opts = q.options ?? [];
  const letter = (j: number) => String.fromCharCode(65 + j);
  const control =
    q.type === 'cards'
      ? `<div class="cards">${opts.map((o, j) => `<button type="button" class="card" data-value="${esc(o)}"><kbd>${letter(j)}</kbd>${esc(o)}</button>`).join('')}</div>`
      : q.type === 'keys'
        ? `<p>Press ${opts.map((_o, j) => letter(j)).join(', ')} on your keyboard</p><ul class="keys">${opts.map((o, j) => `<li data-value="${esc(o)}"><kbd>${letter(j)}</kbd><span>${esc(o)}</span></li>`).join('')}</ul>`
        : `<input type="${q.type}" data-key="${q.key}" autocomplete="off">`;
  const button =
    q.type === 'text' || q.type === 'email'
      ? `<button type="button" class="ok">${last ? 'Submit' : 'OK'}</button>`
      : '';
  return `<section class="q${i === 0 ? ' on' : ''}" data-key="${q.key}" data-type="${q.type}"><div class="in"><h2>${esc(q.title)}</h2>${control}<p class="err" role="alert"></p>${button}</div></section>`;
}

const script = `(function(){
  var screens = Array.prototype.slice.call(document.querySelectorAll('.q')), at = 0, answers = {};
  function show(i){ screens[at].classList.remove('on'); at = i; screens[at].classList.add('on'); }
  function send(){
    fetch('__BASE__/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); document.body.innerHTML = '<section class="q on"><div class="in"><h2>Thank you! Your application has been received.</h2></div></section>'; });
  }
  function next(){
    var s = screens[at], key = s.getAttribute('data-key'), f = s.querySelector('input');
    if (f) answers[key] = f.value.trim();
    if (!answers[key]) { s.querySelector('.err').textContent = 'Please answer this question'; return; }
    if (at < screens.length - 1) show(at + 1); else send();
  }
  function pick(el){
    var s = el.closest('.q');
    s.querySelectorAll('[data-value]').forEach(function(o){ o.classList.remove('selected'); });
    el.classList.add('selected');
    answers[s.getAttribute('data-key')] = el.getAttribute('data-value');
    setTimeout(next, 400);
  }
  document.addEventListener('click', function(e){
    var card = e.target.closest('.card'); if (card) return pick(card);
    if (e.target.closest('.ok')) next();
  });
  document.addEventListener('keydown', function(e){
    if (e.target && e.target.tagName === 'INPUT') { if (e.key === 'Enter') next(); return; }
    var opts = screens[at].querySelectorAll('[data-value]'), k = e.key.toUpperCase().charCodeAt(0) - 65;
    if (opts.length && e.key.length === 1 && k >= 0 && k < opts.length) pick(opts[k]);
  });
})();`;

/**
 * One question per screen: sector and region as <button> cards with letter hints that move
 * on by themselves, the stage as keyboard-only choices ("Press A, B, C or D": list items nobody can click).
 * A SaaS startup is "B2B Software", a London one "Europe"; "Other" is never the automation's guess.
 * Records what it receives.
 */
export const birchVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'keyboard-letter-cards',
  expectedOutcome: 'completed',
  description:
    'One question per screen; choices as button cards that advance by themselves and as keyboard-only letters (Press A); regions and sectors with "Other".',
  routes(app, ctx) {
    standardPages(app, brand, ['Gridwise', 'Paperfold'], ['Tomas Lindqvist, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Seed rounds for software companies.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply | Birch Ventures</title><style>${css}</style></head><body>${QUESTIONS.map(screen).join('')}<script>${script.split('__BASE__').join(ctx.base)}</script></body></html>`,
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
