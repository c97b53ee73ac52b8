import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'lumen-partners',
  name: 'Lumen Partners',
  tagline: 'Conviction-led pre-seed for consumer and AI',
  accent: '#d9480f',
};

// Typeform-like: a welcome screen, then one question per screen, no <label>s, Enter or OK to advance.
const script = `
(function(){
  var questions = [
    { key: 'name', title: "What's your full name?", type: 'text', required: true, placeholder: 'Type your answer here...' },
    { key: 'email', title: "And your email address?", help: "We'll only use it to reply to you.", type: 'email', required: true, placeholder: 'name@example.com' },
    { key: 'company', title: "What's your company called?", type: 'text', required: true, placeholder: 'Type your answer here...' },
    { key: 'stage', title: 'What stage are you at?', type: 'choice', required: true, choices: ['Pre-seed', 'Seed', 'Series A', 'Series B+'] },
    { key: 'one_liner', title: 'Describe what you do in one sentence.', type: 'long', required: true, placeholder: 'Type your answer here...' },
    { key: 'raising', title: 'How much are you raising?', type: 'text', required: false, placeholder: 'e.g. $1.5M' }
  ];
  var answers = {};
  var screen = document.getElementById('screen');
  var i = -1;
  function render(){
    if (i < 0) {
      screen.innerHTML = '<h1>Pitch Lumen Partners</h1><p>Tell us about your startup. It takes about 3 minutes.</p><button type="button" id="tf-start">Start</button>';
      document.getElementById('tf-start').onclick = function(){ i = 0; render(); };
      return;
    }
    if (i >= questions.length) {
      screen.innerHTML = '<h2>You are all set.</h2><p>Review done? Send your pitch to the partners.</p><button type="button" id="tf-submit">Submit</button><p class="tf-error error" role="alert"></p>';
      document.getElementById('tf-submit').onclick = send;
      return;
    }
    var q = questions[i];
    var h = '<div class="tf-q"><p class="muted">' + (i + 1) + ' → </p><h2 id="tf-title-' + i + '">' + q.title + (q.required ? ' *' : '') + '</h2>';
    if (q.help) h += '<p class="muted">' + q.help + '</p>';
    if (q.type === 'choice') {
      h += '<div role="radiogroup" aria-labelledby="tf-title-' + i + '">' + q.choices.map(function(c, j){
        return '<button type="button" class="secondary tf-choice" role="radio" aria-checked="false" data-value="' + c + '" style="display:block;margin:6px 0"><span class="key">' + String.fromCharCode(65 + j) + '</span> ' + c + '</button>';
      }).join('') + '</div>';
    } else if (q.type === 'long') {
      h += '<textarea class="tf-input" placeholder="' + q.placeholder + '"></textarea>';
    } else {
      h += '<input class="tf-input" type="' + q.type + '" placeholder="' + q.placeholder + '">';
    }
    h += '<p><button type="button" class="tf-ok">OK ✓</button> <span class="muted">press <b>Enter ↵</b></span></p><p class="tf-error error" role="alert"></p></div>';
    screen.innerHTML = h;
    var input = screen.querySelector('.tf-input');
    if (input) {
      input.focus();
      input.addEventListener('keydown', function(e){ if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); ok(); } });
    }
    screen.querySelectorAll('.tf-choice').forEach(function(b){
      b.onclick = function(){
        screen.querySelectorAll('.tf-choice').forEach(function(o){ o.setAttribute('aria-checked', 'false'); o.style.outline = ''; });
        b.setAttribute('aria-checked', 'true'); b.style.outline = '3px solid #d9480f';
        answers[q.key] = b.getAttribute('data-value');
        var at = i;
        setTimeout(function(){ if (i === at) { i++; render(); } }, 400);
      };
    });
    screen.querySelector('.tf-ok').onclick = ok;
  }
  function ok(){
    var q = questions[i];
    var input = screen.querySelector('.tf-input');
    if (input) answers[q.key] = input.value.trim();
    var v = answers[q.key] || '';
    var err = screen.querySelector('.tf-error');
    if (q.required && !v) { err.textContent = 'Please fill this in'; return; }
    if (q.type === 'email' && v && !/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(v)) { err.textContent = "Hmm, that email doesn't look right"; return; }
    i++; render();
  }
  function send(){
    fetch('__BASE__/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answers) })
      .then(function(r){ if (!r.ok) throw new Error(); screen.innerHTML = '<h2>Thanks for pitching Lumen!</h2><p>We have received your submission and will get back to you within 10 days.</p>'; })
      .catch(function(){ screen.querySelector('.tf-error').textContent = 'Something went wrong, please try again.'; });
  }
  render();
})();`;

export const lumenPartners: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'one-question-per-screen',
  expectedOutcome: 'completed',
  description:
    'Typeform-like flow: Start screen, one question per screen without labels, choice buttons that auto-advance.',
  routes(app, ctx) {
    standardPages(app, brand, ['Hearth', 'Pixel Pantry', 'Moodboard AI'], ['Priya Nair, General Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We lead pre-seed rounds of $500k–$2M for founders reinventing how people live, shop and create.', `<p><a class="btn" href="${ctx.base}/pitch">Pitch us →</a></p>`)}`,
        }),
      ),
    );
    app.get('/pitch', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Pitch us',
          nav: false,
          body: `<div id="screen" style="min-height:300px"></div><script>${script.split('__BASE__').join(ctx.base)}</script>`,
        }),
      ),
    );
    app.post('/responses', async (req, r) => {
      ctx.record(flatten(req.body));
      return r.send({ ok: true });
    });
  },
};
