import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'summit-capital',
  name: 'Summit Capital',
  tagline: 'Seed to Series A across Europe and North America',
  accent: '#7a3db8',
};

// Client-side wizard: three steps, 'Next' validates the visible step, the final step posts JSON.
const script = `
(function(){
  var form = document.getElementById('wizard');
  var steps = Array.prototype.slice.call(form.querySelectorAll('fieldset[data-step]'));
  var current = 0;
  var err = document.getElementById('wizard-error');
  var counter = document.getElementById('step-counter');
  function show(i){
    steps.forEach(function(s, j){ s.style.display = j === i ? 'block' : 'none'; });
    document.getElementById('back').style.display = i > 0 ? 'inline-block' : 'none';
    document.getElementById('next').style.display = i < steps.length - 1 ? 'inline-block' : 'none';
    document.getElementById('submit').style.display = i === steps.length - 1 ? 'inline-block' : 'none';
    counter.textContent = 'Step ' + (i + 1) + ' of ' + steps.length;
    err.textContent = ''; err.style.display = 'none';
  }
  function valid(i){
    var ok = true;
    steps[i].querySelectorAll('input,select,textarea').forEach(function(el){
      var v = (el.value || '').trim();
      var bad = (el.hasAttribute('data-required') && !v) || (el.type === 'email' && v && !/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(v));
      el.style.borderColor = bad ? '#b3261e' : '';
      if (bad) ok = false;
    });
    if (!ok) { err.textContent = 'Please complete all required fields before continuing.'; err.style.display = 'block'; }
    return ok;
  }
  document.getElementById('next').addEventListener('click', function(){ if (valid(current)) { current++; show(current); } });
  document.getElementById('back').addEventListener('click', function(){ current--; show(current); });
  form.addEventListener('submit', function(e){
    e.preventDefault();
    if (!valid(current)) return;
    var data = {};
    new FormData(form).forEach(function(v, k){ data[k] = v; });
    document.getElementById('submit').disabled = true;
    fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) })
      .then(function(res){ if (!res.ok) throw new Error('HTTP ' + res.status); return res.json(); })
      .then(function(){ form.outerHTML = '<div class="success"><h2>Application received</h2><p>Thank you! Our team reviews every application and we\\'ll be in touch.</p></div>'; })
      .catch(function(){ err.textContent = 'Something went wrong. Please try again.'; err.style.display = 'block'; document.getElementById('submit').disabled = false; });
  });
  show(0);
})();`;

export const summitCapital: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'multi-step-wizard',
  expectedOutcome: 'completed',
  description: "Three-step wizard with client-side validation and 'Next' buttons; the last step posts JSON.",
  routes(app, ctx) {
    standardPages(
      app,
      brand,
      ['Ledgerly', 'Brightpath Health', 'Orca Security'],
      ['Dana Whitfield, Managing Partner', 'Luis Ortega, Principal'],
    );
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We back category-defining teams with $1–5M seed and Series A rounds.', `<p><a class="btn" href="${ctx.base}/apply">Apply for funding</a></p>`)}<h2>How we work</h2><p>Decisions within three weeks. One partner, start to finish.</p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Apply',
          body: `<h1>Apply to Summit Capital</h1><p id="step-counter" class="muted"></p>
<form id="wizard" action="${ctx.base}/api/applications" novalidate>
<fieldset data-step="1"><legend>About you</legend>
<div class="field"><label for="s-first">First name *</label><input id="s-first" name="first_name" data-required></div>
<div class="field"><label for="s-last">Last name *</label><input id="s-last" name="last_name" data-required></div>
<div class="field"><label for="s-email">Work email *</label><input id="s-email" name="email" type="email" data-required></div>
<div class="field"><label for="s-li">LinkedIn profile</label><input id="s-li" name="linkedin" type="url"></div>
</fieldset>
<fieldset data-step="2"><legend>Your company</legend>
<div class="field"><label for="s-co">Company name *</label><input id="s-co" name="company_name" data-required></div>
<div class="field"><label for="s-web">Website</label><input id="s-web" name="website" type="url"></div>
<div class="field"><label for="s-ind">Industry *</label><select id="s-ind" name="industry" data-required><option value="">Choose an industry</option><option>Artificial Intelligence</option><option>Fintech</option><option>Healthcare</option><option>Climate</option><option>Consumer</option><option>Enterprise Software</option><option>Other</option></select></div>
<div class="field"><label for="s-stage">Current stage *</label><select id="s-stage" name="stage" data-required><option value="">Choose a stage</option><option value="pre-seed">Idea / Pre-seed</option><option value="seed">Seed</option><option value="series-a">Series A</option><option value="series-b">Series B or later</option></select></div>
<div class="field"><label for="s-year">Year founded</label><input id="s-year" name="founded" type="number" min="1990" max="2030"></div>
</fieldset>
<fieldset data-step="3"><legend>Your pitch</legend>
<div class="field"><label for="s-problem">What problem are you solving? *</label><textarea id="s-problem" name="problem" data-required></textarea></div>
<div class="field"><label for="s-solution">How does your product solve it? *</label><textarea id="s-solution" name="solution" data-required></textarea></div>
<div class="field"><label for="s-raise">How much are you raising? (USD)</label><input id="s-raise" name="raising"></div>
<div class="field"><label for="s-deck">Link to your pitch deck</label><input id="s-deck" name="deck" type="url"></div>
</fieldset>
<p id="wizard-error" class="error" role="alert" style="display:none"></p>
<button type="button" id="back" class="secondary">Back</button> <button type="button" id="next">Next</button> <button type="submit" id="submit">Submit application</button>
</form><script>${script}</script>`,
        }),
      ),
    );
    app.post('/api/applications', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.send({ ok: true, id: 'app_' + Date.now() });
    });
  },
};
