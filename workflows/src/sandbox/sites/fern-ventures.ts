import { esc, firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'fern-ventures',
  name: 'Fern Ventures',
  tagline: 'One question at a time',
  accent: '#2b8a3e',
};

type Q = { key: string; title: string; type: 'text' | 'email' | 'buttons' | 'radios' | 'listbox'; options?: string[] };
const FERN_QUESTIONS: Q[] = [
  { key: 'company', title: 'What is your company called? *', type: 'text' },
  {
    key: 'sector',
    title: 'Which sector are you in? *',
    type: 'buttons',
    options: ['Climate / CleanTech', 'AI / Machine Learning', 'Fintech', 'Other'],
  },
  {
    key: 'stage',
    title: 'What stage is the company at? *',
    type: 'radios',
    options: ['Pre-seed', 'Seed', 'Series A+'],
  },
  {
    key: 'region',
    title: 'Where is the team based? *',
    type: 'listbox',
    options: ['Europe', 'North America', 'Asia', 'Rest of world'],
  },
  { key: 'email', title: 'And your email address? *', type: 'email' },
];

const css = `body{margin:0;font-family:system-ui,sans-serif;background:#ebfbee;color:#0b3d17}
.q{display:none;min-height:100vh;align-items:center;justify-content:center}.q.on{display:flex}.q .in{width:540px}
.q h2{font-weight:500;font-size:22px}.q input{width:100%;font-size:20px;border:0;border-bottom:2px solid #69db7c;background:transparent;padding:8px 0;outline:none}
.choices{display:flex;flex-direction:column;gap:8px;max-width:340px}.choice,.opt{display:flex;gap:10px;align-items:center;border:1px solid #69db7c;border-radius:6px;padding:8px 12px;background:#fff;font:inherit;text-align:left;cursor:pointer}
kbd{display:inline-block;width:22px;height:22px;border:1px solid #2b8a3e;border-radius:3px;text-align:center;font:12px/22px system-ui}
.picked{background:#2b8a3e;color:#fff}.ok{margin-top:16px;background:#2b8a3e;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit}.hint{color:#5c7a63;font-size:13px}.err{color:#c92a2a}`;

const letter = (j: number) => String.fromCharCode(65 + j);

// Choices only mark the answer; nothing moves on until "OK ✓" or Enter. Sector: plain buttons with a letter
// key; stage: role=radio cards with no radiogroup around them; region: a role=listbox of role=option rows.
function screen(q: Q, i: number): string {
  const last = i === FERN_QUESTIONS.length - 1;
  const opts = q.options ?? [];
  const control =
    q.type === 'buttons'
      ? `<div class="choices">${opts.map((o, j) => `<button type="button" class="choice" data-value="${esc(o)}"><kbd>${letter(j)}</kbd> ${esc(o)}</button>`).join('')}</div>`
      : q.type === 'radios'
        ? `<div class="choices">${opts.map((o, j) => `<div class="opt" role="radio" aria-checked="false" tabindex="0" data-value="${esc(o)}"><kbd>${letter(j)}</kbd><span>${esc(o)}</span></div>`).join('')}</div>`
        : q.type === 'listbox'
          ? `<div class="choices" role="listbox" aria-label="${esc(q.title.replace(' *', ''))}">${opts.map((o) => `<div class="opt" role="option" aria-selected="false" data-value="${esc(o)}">${esc(o)}</div>`).join('')}</div>`
          : `<input type="${q.type}" data-key="${q.key}" autocomplete="off">`;
  // The region screen has no button at all: only Enter goes on, as its hint says.
  const ok = q.type === 'listbox' ? '' : `<button type="button" class="ok">${last ? 'Submit ✓' : 'OK ✓'}</button> `;
  return `<section class="q${i === 0 ? ' on' : ''}" data-key="${q.key}"><div class="in"><h2>${esc(q.title)}</h2>${control}<p class="err" role="alert"></p>${ok}<span class="hint">press Enter ↵</span></div></section>`;
}

const script = `(function(){
  var screens = Array.prototype.slice.call(document.querySelectorAll('.q')), at = 0, answers = {};
  function show(i){ screens[at].classList.remove('on'); at = i; screens[at].classList.add('on'); }
  function send(){
    fetch('__BASE__/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); document.body.innerHTML = '<section class="q on"><div class="in"><h2>Thanks, your application is in.</h2><p>We reply within two weeks.</p></div></section>'; });
  }
  function ok(){
    var s = screens[at], key = s.getAttribute('data-key'), f = s.querySelector('input');
    if (f) answers[key] = f.value.trim();
    if (!answers[key]) { s.querySelector('.err').textContent = 'Please answer this question'; return; }
    if (at < screens.length - 1) show(at + 1); else send();
  }
  function pick(el){
    var s = el.closest('.q');
    s.querySelectorAll('[data-value]').forEach(function(o){
      o.classList.remove('picked');
      if (o.hasAttribute('aria-checked')) o.setAttribute('aria-checked', 'false');
      if (o.hasAttribute('aria-selected')) o.setAttribute('aria-selected', 'false');
      if (o.tagName === 'BUTTON') o.setAttribute('aria-pressed', 'false');
    });
    el.classList.add('picked');
    if (el.hasAttribute('aria-checked')) el.setAttribute('aria-checked', 'true');
    if (el.hasAttribute('aria-selected')) el.setAttribute('aria-selected', 'true');
    if (el.tagName === 'BUTTON') el.setAttribute('aria-pressed', 'true');
    answers[s.getAttribute('data-key')] = el.getAttribute('data-value');
  }
  document.addEventListener('click', function(e){
    if (e.target.closest('.ok')) return ok();
    var c = e.target.closest('[data-value]'); if (c) pick(c);
  });
  document.addEventListener('keydown', function(e){
    if (e.key === 'Enter') { e.preventDefault(); return ok(); }
    if (e.target && e.target.tagName === 'INPUT') return;
    var opts = screens[at].querySelectorAll('[data-value]'), k = e.key.toUpperCase().charCodeAt(0) - 65;
    if (opts.length && e.key.length === 1 && k >= 0 && k < opts.length) pick(opts[k]);
  });
})();`;

/**
 * A one-question-at-a-time flow (Typeform-like) whose choices do not move on by themselves: plain buttons with
 * letter keys, role=radio cards, a role=listbox; each screen goes on with "OK ✓" or Enter. An AI startup in
 * Berlin is "AI / Machine Learning", "Seed", "Europe". The region screen goes on with Enter only. Records what it receives.
 */
export const fernVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'ok-button-choices',
  expectedOutcome: 'completed',
  description:
    'One question per screen; choices as letter-key buttons, role=radio cards and a listbox that only mark the answer, advanced by "OK ✓" or, on one screen, by Enter only.',
  routes(app, ctx) {
    standardPages(app, brand, ['Loamly', 'Brightwater'], ['Ines Moreau, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Pre-seed and seed rounds across Europe.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply | Fern Ventures</title><style>${css}</style></head><body>${FERN_QUESTIONS.map(screen).join('')}<script>${script.split('__BASE__').join(ctx.base)}</script></body></html>`,
      ),
    );
    app.post('/responses', async (req, r) => {
      const f = flatten(req.body);
      const ok =
        FERN_QUESTIONS.every((q) => f[q.key]) &&
        FERN_QUESTIONS.filter((q) => q.options).every((q) => q.options?.includes(f[q.key]));
      ctx.record(f, ok);
      return ok ? r.send({ ok: true }) : r.code(422).send({ error: 'incomplete' });
    });
  },
};
