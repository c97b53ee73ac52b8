import { firmPage, hero, type Brand } from '../html';
import type { SiteDefinition } from '../types';
import { html, sleep, standardPages } from './common';

const brand: Brand = {
  slug: 'harbor-vc',
  name: 'Harbor VC',
  tagline: 'Seed capital for fintech and infrastructure software',
  accent: '#0b7285',
};

// HubSpot-like embed: the page only has a container; a script builds the form ~0.8 s after load.
const embed = `
window.hbspt = { forms: { create: function(opts){
  setTimeout(function(){
    var id = opts.formId;
    function field(name, label, type, required, extra){
      return '<div class="hs_' + name + ' hs-' + name + ' hs-fieldtype-' + type + ' field hs-form-field">' +
        '<label id="label-' + name + '-' + id + '" for="' + name + '-' + id + '"><span>' + label + '</span>' + (required ? '<span class="hs-form-required">*</span>' : '') + '</label>' +
        '<div class="input">' + (extra || '<input id="' + name + '-' + id + '" name="' + name + '" ' + (required ? 'required ' : '') + 'type="' + type + '" class="hs-input" value="">') + '</div></div>';
    }
    function consent(name, text, required){
      return '<div class="hs_' + name + ' hs-form-field"><ul class="inputs-list"><li class="hs-form-booleancheckbox"><label for="' + name + '-' + id + '" class="hs-form-booleancheckbox-display">' +
        '<input id="' + name + '-' + id + '" class="hs-input" type="checkbox" name="' + name + '" value="true"' + (required ? ' required' : '') + '><span>' + text + (required ? '<span class="hs-form-required">*</span>' : '') + '</span></label></li></ul></div>';
    }
    var html = '<form id="hsForm_' + id + '" class="hs-form stacked hs-form-private" novalidate>' +
      field('firstname', 'First name', 'text', true) + field('lastname', 'Last name', 'text', true) +
      field('email', 'Email', 'email', true) + field('company', 'Company name', 'text', true) + field('website', 'Website URL', 'text', false) +
      field('funding_stage', 'Funding stage', 'select', true, '<select id="funding_stage-' + id + '" name="funding_stage" required class="hs-input"><option value="" disabled selected>Please Select</option><option value="Pre-Seed">Pre-Seed</option><option value="Seed">Seed</option><option value="Series A">Series A</option><option value="Series B">Series B</option><option value="Growth">Growth</option></select>') +
      field('how_much_are_you_raising_', 'How much are you raising?', 'text', false) +
      field('message', 'Tell us about your company', 'textarea', true, '<textarea id="message-' + id + '" name="message" required class="hs-input"></textarea>') +
      '<div class="legal-consent-container"><div class="hs-richtext"><p>Harbor VC is committed to protecting and respecting your privacy.</p></div>' +
      consent('LEGAL_CONSENT.subscription_type_1', 'I agree to receive other communications from Harbor VC.', false) +
      consent('LEGAL_CONSENT.processing', 'I agree to allow Harbor VC to store and process my personal data.', true) + '</div>' +
      '<div class="hs_submit hs-submit"><div class="actions"><input type="submit" class="hs-button primary large" value="Submit"></div></div></form>';
    var target = document.querySelector(opts.target);
    target.innerHTML = html;
    var form = target.querySelector('form');
    form.addEventListener('submit', function(e){
      e.preventDefault();
      form.querySelectorAll('.hs-error-msgs').forEach(function(n){ n.remove(); });
      var ok = true, fields = [];
      form.querySelectorAll('.hs-input').forEach(function(el){
        var v = el.type === 'checkbox' ? (el.checked ? 'true' : 'false') : el.value.trim();
        if (el.required && (v === '' || v === 'false')) {
          ok = false;
          el.closest('.hs-form-field').insertAdjacentHTML('beforeend', '<ul class="no-list hs-error-msgs inputs-list" role="alert"><li><label class="hs-error-msg">Please complete this required field.</label></li></ul>');
        }
        fields.push({ name: el.name, value: v });
      });
      if (!ok) return;
      fetch('__BASE__/submissions/v3/integration/submit/' + opts.portalId + '/' + id, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fields: fields, context: { pageUri: location.href } }) })
        .then(function(r){ if (!r.ok) throw new Error();
          target.innerHTML = '<div class="submitted-message hs-main-font-element"><p>Thanks for submitting the form. The Harbor team reviews every pitch and will be in touch if there is a fit.</p></div>'; });
    });
  }, 800);
} } };`;

export const harborVc: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'script-injected-embed',
  expectedOutcome: 'completed',
  description:
    'HubSpot-like embedded form injected by a script after load, with required consent and an optional marketing opt-in.',
  routes(app, ctx) {
    standardPages(
      app,
      brand,
      ['Clearing House', 'Settle', 'Vaultline'],
      ['Grace Kim, Partner', 'Omar Haddad, Partner'],
    );
    app.get('/js/v2.js', async (_q, r) => {
      await sleep(150);
      return r.type('application/javascript').send(embed.split('__BASE__').join(ctx.base));
    });
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We invest $500k–$3M at seed in teams rebuilding financial infrastructure.')}
<h2>Submit a pitch</h2><p>Tell us about your company and a partner will review it.</p>
<div id="hubspot-form-container" class="hbspt-form"></div>
<script charset="utf-8" src="${ctx.base}/js/v2.js"></script>
<script>document.addEventListener('DOMContentLoaded', function(){ hbspt.forms.create({ region: 'na1', portalId: '4242', formId: 'abc-123', target: '#hubspot-form-container' }); });</script>`,
        }),
      ),
    );
    app.post('/submissions/v3/integration/submit/:portal/:form', async (req, r) => {
      const body = req.body as { fields?: { name: string; value: string }[] };
      ctx.record(Object.fromEntries((body.fields ?? []).map((f) => [f.name, f.value])));
      return r.send({ inlineMessage: 'Thanks for submitting the form.' });
    });
  },
};
