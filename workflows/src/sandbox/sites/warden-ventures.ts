import { randomBytes } from 'node:crypto';
import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'warden-ventures',
  name: 'Warden Ventures',
  tagline: 'Trust and safety infrastructure',
  accent: '#c2255c',
};

// No 0/O or 1/I: the code is read off a screenshot by a person.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from(randomBytes(5), (b) => ALPHABET[b % ALPHABET.length]).join('');

/**
 * A CAPTCHA a person solves and a script does not: tick "I am human", then type the code the
 * challenge shows. Passing it gives the form a one-time token the server checks. The challenge sits
 * outside the form (its controls are not the form's fields); while unsolved the page says
 * "Verify you are human", as such walls do.
 */
function challengePage(base: string, challenge: string, code: string): string {
  return `<h1>Apply to Warden</h1>
<section id="human-check" style="border:1px solid #d0d4dc;border-radius:8px;padding:12px 16px;margin:0 0 16px;max-width:420px;background:#f8f9fb">
<p style="margin:0 0 8px"><strong>Verify you are human</strong> before applying.</p>
<div id="hc-box" role="checkbox" aria-checked="false" tabindex="0" style="display:inline-flex;align-items:center;gap:10px;cursor:pointer;padding:6px 0"><span id="hc-tick" style="width:22px;height:22px;border:2px solid #888;border-radius:3px;background:#fff;display:inline-block"></span> I am human</div>
<div id="hc-step2" hidden>
<p style="margin:8px 0">Type this code: <span id="hc-code" style="font:700 22px monospace;letter-spacing:4px;background:#fff;padding:2px 8px;border:1px dashed #888">${code}</span></p>
<input id="hc-input" aria-label="Code from the picture" autocomplete="off" style="font:16px monospace;width:9em"> <button type="button" id="hc-check">Check</button>
<p id="hc-msg" role="status" style="color:#c92a2a;margin:6px 0 0"></p>
</div>
</section>
<form method="post" action="${base}/apply">
<input type="hidden" name="challenge" value="${challenge}">
<input type="hidden" name="human_token" id="hc-token" value="">
<div class="field"><label for="w-name">Name</label><input type="text" id="w-name" name="name" required></div>
<div class="field"><label for="w-email">Email</label><input type="email" id="w-email" name="email" required></div>
<div class="field"><label for="w-co">Company</label><input type="text" id="w-co" name="company" required></div>
<div class="field"><label for="w-desc">What are you building?</label><textarea id="w-desc" name="description"></textarea></div>
<button type="submit">Submit application</button></form>
<script>
(function () {
  var box = document.getElementById('hc-box'), step2 = document.getElementById('hc-step2'), input = document.getElementById('hc-input'), msg = document.getElementById('hc-msg');
  function tick() { box.setAttribute('aria-checked', 'true'); document.getElementById('hc-tick').textContent = '\\u2713'; step2.hidden = false; input.focus(); }
  box.addEventListener('click', tick);
  box.addEventListener('keydown', function (e) { if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); tick(); } });
  function check() {
    fetch(${JSON.stringify(`${base}/human/verify`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge: ${JSON.stringify(challenge)}, ticked: box.getAttribute('aria-checked') === 'true', code: input.value }) })
      .then(function (r) { return r.json(); })
      .then(function (b) {
        if (!b.token) { msg.textContent = 'That code is not right. Try again.'; return; }
        document.getElementById('hc-token').value = b.token;
        document.getElementById('human-check').innerHTML = '<p style="margin:0;color:#2b8a3e"><strong>\\u2713 Verified.</strong> Thank you.</p>';
      });
  }
  document.getElementById('hc-check').addEventListener('click', check);
  input.addEventListener('keydown', function (e) { if (e.key === 'Enter') { e.preventDefault(); check(); } });
})();
</script>`;
}

export const wardenVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'captcha-person-solvable',
  expectedOutcome: 'failed',
  description:
    'A CAPTCHA a person solves in the live view (tick "I am human", type the code shown); without someone taking over, the run fails and nothing is sent. Records whether the challenge was passed.',
  routes(app, ctx) {
    // challenge id → its code, and the one-time token once a person passed it
    const challenges = new Map<string, { code: string; ticked: boolean; token: string | null }>();
    standardPages(app, brand, ['Sentry Mesh', 'Clearline'], ['Noor Haddad, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Seed rounds for trust and safety tools.', `<p><a class="btn" href="${ctx.base}/apply">Apply</a></p>`)}`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => {
      const id = randomBytes(8).toString('hex');
      const code = newCode();
      challenges.set(id, { code, ticked: false, token: null });
      return html(r, firmPage({ brand, title: 'Apply', body: challengePage(ctx.base, id, code) }));
    });
    // For tests standing in for the person, who reads the code off the live view's screen: the codes
    // shown and not yet passed, newest last. The automation never looks here.
    app.get('/human/issued', async () => ({
      codes: [...challenges.values()].filter((c) => !c.token).map((c) => c.code),
    }));
    app.post('/human/verify', async (req, r) => {
      const b = (req.body ?? {}) as { challenge?: string; ticked?: boolean; code?: string };
      const c = b.challenge ? challenges.get(b.challenge) : undefined;
      if (
        !c ||
        b.ticked !== true ||
        String(b.code ?? '')
          .trim()
          .toUpperCase() !== c.code
      )
        return r.code(400).send({ token: null });
      c.ticked = true;
      c.token ??= randomBytes(12).toString('hex');
      return { token: c.token };
    });
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const c = f.challenge ? challenges.get(f.challenge) : undefined;
      const passed = !!c?.token && f.human_token === c.token;
      const { human_token: _t, challenge: _c, ...fields } = f;
      ctx.record(
        { ...fields, human_check: passed ? 'passed' : 'failed' },
        passed && !!(f.name && f.email && f.company),
      );
      if (!passed)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please verify you are human first.</p>',
          }),
          400,
        );
      if (c) challenges.delete(f.challenge!);
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Application received</h1><p>Thank you for applying to Warden Ventures. We reply within two weeks.</p></div>',
        }),
      );
    });
  },
};
