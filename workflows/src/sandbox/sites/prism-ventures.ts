import { esc, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';
import { firmPage, hero } from '../html';

const brand: Brand = {
  slug: 'prism-ventures',
  name: 'Prism Ventures',
  tagline: 'Seed funding for B2B software',
  accent: '#3b5bdb',
};

type Q = { key: string; title: string; type: 'text' | 'email' | 'cards' | 'long'; options?: string[] };
const QUESTIONS: Q[] = [
  { key: 'name', title: "What's your name? *", type: 'text' },
  { key: 'email', title: 'And your email address? *', type: 'email' },
  { key: 'company', title: 'What is your company called? *', type: 'text' },
  {
    key: 'stage',
    title: 'Which stage are you at? *',
    type: 'cards',
    options: ['Idea', 'Pre-seed', 'Seed', 'Series A or later'],
  },
  {
    key: 'sector',
    title: 'Which sector fits best? *',
    type: 'cards',
    options: ['Fintech', 'Healthcare', 'Artificial intelligence', 'Climate', 'Consumer'],
  },
  { key: 'pitch', title: 'Describe your company in one sentence *', type: 'long' },
];

const css = `body{margin:0;font-family:system-ui,sans-serif;background:#eef1fb;color:#1b2a4e}
.q{display:none;min-height:100vh;align-items:center;justify-content:center}.q.on{display:flex}.q .in{width:560px}
.q h2{font-weight:400;font-size:24px}.q input,.q textarea{width:100%;font-size:22px;border:0;border-bottom:2px solid #9fb0e0;background:transparent;padding:8px 0;outline:none}
.cards{display:flex;flex-direction:column;gap:8px;max-width:320px}.card{display:flex;gap:10px;align-items:center;text-align:left;border:1px solid #9fb0e0;background:#f6f8ff;border-radius:6px;padding:8px 12px;font:inherit;cursor:pointer}
.card kbd{display:inline-block;width:22px;height:22px;border:1px solid #3b5bdb;border-radius:3px;text-align:center;font:12px/22px system-ui}
.card.selected{background:#3b5bdb;color:#fff}.ok{margin-top:16px;background:#3b5bdb;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit}.err{color:#c92a2a}`;

function screen(q: Q, i: number): string {
  const last = i === QUESTIONS.length - 1;
  const control =
    q.type === 'cards'
      ? `<div class="cards">${(q.options ?? []).map((o, j) => `<button type="button" class="card" data-value="${esc(o)}"><kbd>${String.fromCharCode(65 + j)}</kbd><span>${esc(o)}</span></button>`).join('')}</div>`
      : q.type === 'long'
        ? `<textarea data-key="${q.key}" rows="2"></textarea>`
        : `<input type="${q.type}" data-key="${q.key}" autocomplete="off">`;
  const button = q.type === 'cards' ? '' : `<button type="button" class="ok">${last ? 'Submit' : 'OK'}</button>`;
  return `<section class="q${i === 0 ? ' on' : ''}" data-key="${q.key}"><div class="in"><h2>${i + 1} → ${esc(q.title)}</h2>${control}<p class="err" role="alert"></p>${button}</div></section>`;
}

const script = `(function(){
  var screens = Array.prototype.slice.call(document.querySelectorAll('.q')), at = 0, answers = {};
  function show(i){ screens[at].classList.remove('on'); at = i; screens[at].classList.add('on'); var f = screens[at].querySelector('input,textarea'); if (f) f.focus(); }
  function next(){
    var s = screens[at], key = s.getAttribute('data-key'), f = s.querySelector('input,textarea');
    if (f) answers[key] = f.value.trim();
    if (!answers[key]) { s.querySelector('.err').textContent = 'Please fill this in'; return; }
    if (at < screens.length - 1) return show(at + 1);
    fetch('__BASE__/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); document.body.innerHTML = '<section class="q on"><div class="in"><h2>Thanks! Your application is in.</h2><p>We will be in touch within a week.</p></div></section>'; });
  }
  function pick(card){
    var s = card.closest('.q');
    s.querySelectorAll('.card').forEach(function(c){ c.classList.remove('selected'); c.setAttribute('aria-pressed','false'); });
    card.classList.add('selected'); card.setAttribute('aria-pressed','true');
    answers[s.getAttribute('data-key')] = card.getAttribute('data-value');
    setTimeout(next, 350);
  }
  document.addEventListener('click', function(e){
    var card = e.target.closest('.card'); if (card) return pick(card);
    if (e.target.closest('.ok')) next();
  });
  document.addEventListener('keydown', function(e){
    if (e.key === 'Enter' && !e.shiftKey && screens[at].querySelector('input,textarea')) { e.preventDefault(); return next(); }
    var cards = screens[at].querySelectorAll('.card'), k = e.key.toUpperCase().charCodeAt(0) - 65;
    if (cards.length && e.key.length === 1 && k >= 0 && k < cards.length) pick(cards[k]);
  });
})();`;

/** Typeform-like: one question per screen, choices drawn as lettered cards (plain buttons, no roles) that auto-advance. */
export const prismVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'choice-cards',
  expectedOutcome: 'completed',
  description:
    'One question per screen; choice questions are lettered cards (A, B, C…: plain buttons without roles, keyboard letters work too) that advance by themselves.',
  routes(app, ctx) {
    standardPages(app, brand, ['Ledgerly', 'Stackwise'], ['Noor Haddad, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Cheques of $500k–$2M for B2B software founders.')}<p><a href="${ctx.base}/apply">Start your application</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply | Prism Ventures</title><style>${css}</style></head><body>${QUESTIONS.map(screen).join('')}<script>${script.split('__BASE__').join(ctx.base)}</script></body></html>`,
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
