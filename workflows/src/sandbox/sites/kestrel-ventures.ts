import { firmPage, hero, esc, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'kestrel-ventures',
  name: 'Kestrel Ventures',
  tagline: 'Pre-seed for technical founders',
  accent: '#2f9e44',
};

// Tally-like page: no <form>, no names; blocks of "question title + input", required marked with an aria-labelled star,
// choices as native radios hidden inside styled labels, and a scripted JSON submit keyed by question title.
const css = `.tally{max-width:640px}.block{margin:0 0 22px}.block h3{font-size:16px;margin:0 0 8px}.block h3 .star{color:#e03131;margin-left:4px}
.tally input[type=text],.tally input[type=email],.tally textarea{width:100%;padding:10px;border:1px solid #ced4da;border-radius:8px;font:inherit}
.opt{display:flex;align-items:center;gap:8px;border:1px solid #ced4da;border-radius:8px;padding:8px 12px;margin:6px 0;cursor:pointer;font-weight:400}
.opt input{position:absolute;opacity:0;pointer-events:none}.opt:has(input:checked){border-color:#2f9e44;background:#ebfbee}`;

type B = { title: string; required: boolean; control: string };
const star = '<span class="star" aria-label="Required">*</span>';
const input = (type: string, ph = '') => `<input type="${type}" placeholder="${esc(ph)}">`;
const choices = (group: string, opts: string[]) =>
  opts
    .map(
      (o) => `<label class="opt"><input type="radio" name="${group}" value="${esc(o)}"><span>${esc(o)}</span></label>`,
    )
    .join('');
const BLOCKS: B[] = [
  { title: 'Full name', required: true, control: input('text') },
  { title: 'Email', required: true, control: input('email', 'name@company.com') },
  { title: 'Company name', required: true, control: input('text') },
  { title: 'Company website', required: false, control: input('text', 'https://') },
  {
    title: 'How far along are you?',
    required: true,
    control: choices('tq5', ['Just an idea', 'Pre-seed', 'Seed', 'Series A+']),
  },
  { title: 'What problem are you solving?', required: true, control: '<textarea></textarea>' },
];

const script = `(function(){
  document.getElementById('send').addEventListener('click', function(){
    var out = {}, missing = [];
    document.querySelectorAll('.block').forEach(function(b){
      var title = b.querySelector('h3').childNodes[0].textContent.trim(), v = '';
      var checked = b.querySelector('input[type=radio]:checked'), f = b.querySelector('input:not([type=radio]),textarea');
      v = checked ? checked.value : f ? f.value.trim() : '';
      if (b.getAttribute('data-required') === 'true' && !v) missing.push(title);
      out[title] = v;
    });
    var err = document.getElementById('err');
    if (missing.length) { err.textContent = 'Please complete: ' + missing.join(', '); return; }
    fetch('__BASE__/api/submissions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: out }) })
      .then(function(r){ if (!r.ok) throw new Error(); document.querySelector('.tally').innerHTML = '<h2>Thanks for completing this form!</h2><p>Kestrel will get back to you soon.</p>'; });
  });
})();`;

export const kestrelVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'tally-like',
  expectedOutcome: 'completed',
  description:
    'Tally-like builder page: no form element or names, question titles as headings, hidden radios in styled labels, JSON submit by a scripted button.',
  routes(app, ctx) {
    standardPages(app, brand, ['Tensorbox', 'Gridlight'], ['Priya Raman, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We write the first cheque, often before there is a product.')}<p><a href="${ctx.base}/apply">Pitch us</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Pitch us',
          head: `<style>${css}</style>`,
          body: `<div class="tally"><h1>Pitch Kestrel</h1>${BLOCKS.map((b) => `<div class="block" data-required="${b.required}"><h3>${esc(b.title)}${b.required ? star : ''}</h3>${b.control}</div>`).join('')}
<p class="error" id="err" role="alert"></p><button type="button" id="send">Submit</button></div><script>${script.split('__BASE__').join(ctx.base)}</script>`,
        }),
      ),
    );
    app.post('/api/submissions', async (req, r) => {
      const data = flatten((req.body as { data?: unknown } | undefined)?.data);
      const ok = BLOCKS.every((b) => !b.required || data[b.title]);
      ctx.record(data, ok);
      return ok ? r.send({ ok: true }) : r.code(422).send({ error: 'incomplete' });
    });
  },
};
