import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'juniper-partners',
  name: 'Juniper Partners',
  tagline: 'Seed to Series A in Europe',
  accent: '#e8590c',
};

// Jotform-like markup: qN_ names with [first]/[last] sub-fields, sub-labels under the inputs, page breaks hidden with CSS.
const css = `.form-all{list-style:none;padding:0}.form-line{margin:0 0 18px}.form-label{display:block;font-weight:600}.form-required{color:#e03131}
.form-sub-label{font-size:12px;color:#6b7380;font-weight:400}.form-sub-label-container{display:inline-block;width:48%;margin-right:2%}
.page{display:none}.page.on{display:block}`;

const script = `(function(){
  var pages = document.querySelectorAll('.page'), at = 0;
  document.querySelectorAll('.form-pagebreak-next').forEach(function(b){ b.addEventListener('click', function(){
    var bad = Array.prototype.some.call(pages[at].querySelectorAll('[required]'), function(f){ return !f.value; });
    if (bad) { pages[at].querySelector('.form-error-message').textContent = 'This field is required.'; return; }
    pages[at].classList.remove('on'); at++; pages[at].classList.add('on'); }); });
  document.querySelectorAll('.form-pagebreak-back').forEach(function(b){ b.addEventListener('click', function(){ pages[at].classList.remove('on'); at--; pages[at].classList.add('on'); }); });
})();`;

export const juniperPartners: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'jotform-like',
  expectedOutcome: 'completed',
  description:
    'Jotform-like two-page form: q3_fullName[first]/[last] with sub-labels under the inputs, form-pagebreak Next/Back buttons, required dropdown and textarea.',
  routes(app, ctx) {
    standardPages(app, brand, ['Northlake', 'Fjordpay'], ['Elin Sørensen, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We lead seed rounds across the Nordics and Benelux.')}<p><a href="${ctx.base}/submit-your-startup">Submit your startup</a></p>`,
        }),
      ),
    );
    app.get('/submit-your-startup', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          title: 'Submit your startup',
          head: `<style>${css}</style>`,
          body: `<form class="jotform-form" method="post" action="${ctx.base}/submit" id="241234567890"><ul class="form-all">
<div class="page on">
<li class="form-line" data-type="control_fullname" id="id_3"><label class="form-label" id="label_3" for="first_3">Full Name<span class="form-required">*</span></label>
<div class="form-input"><span class="form-sub-label-container"><input type="text" id="first_3" name="q3_fullName[first]" required aria-labelledby="label_3 sublabel_3_first"><label class="form-sub-label" for="first_3" id="sublabel_3_first">First Name</label></span><span class="form-sub-label-container"><input type="text" id="last_3" name="q3_fullName[last]" required aria-labelledby="label_3 sublabel_3_last"><label class="form-sub-label" for="last_3" id="sublabel_3_last">Last Name</label></span></div></li>
<li class="form-line" data-type="control_email" id="id_4"><label class="form-label" id="label_4" for="input_4">E-mail<span class="form-required">*</span></label><input type="email" id="input_4" name="q4_email" required aria-labelledby="label_4"></li>
<li class="form-line" data-type="control_textbox" id="id_5"><label class="form-label" id="label_5" for="input_5">Company Name<span class="form-required">*</span></label><input type="text" id="input_5" name="q5_companyName" required aria-labelledby="label_5"></li>
<p class="form-error-message error" role="alert"></p>
<li class="form-line"><button type="button" class="form-pagebreak-next">Next</button></li></div>
<div class="page">
<li class="form-line" data-type="control_dropdown" id="id_6"><label class="form-label" id="label_6" for="input_6">Current Stage<span class="form-required">*</span></label><select id="input_6" name="q6_currentStage" required aria-labelledby="label_6"><option value=""></option><option value="Pre-Seed">Pre-Seed</option><option value="Seed">Seed</option><option value="Series A">Series A</option></select></li>
<li class="form-line" data-type="control_textbox" id="id_7"><label class="form-label" id="label_7" for="input_7">Amount Raising</label><input type="text" id="input_7" name="q7_amountRaising" aria-labelledby="label_7"></li>
<li class="form-line" data-type="control_textarea" id="id_8"><label class="form-label" id="label_8" for="input_8">Short description of your startup<span class="form-required">*</span></label><textarea id="input_8" name="q8_shortDescription" required aria-labelledby="label_8"></textarea></li>
<p class="form-error-message error" role="alert"></p>
<li class="form-line"><button type="button" class="form-pagebreak-back">Back</button> <button type="submit" class="form-submit-button">Submit</button></li></div>
</ul></form><script>${script}</script>`,
        }),
      ),
    );
    app.post('/submit', async (req, r) => {
      const f = flatten(req.body);
      const ok = [
        'q3_fullName[first]',
        'q3_fullName[last]',
        'q4_email',
        'q5_companyName',
        'q6_currentStage',
        'q8_shortDescription',
      ].every((k) => f[k]);
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">There are errors on the form. Please fix them before continuing.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thank you',
          body: '<div class="success"><h1>Thank You!</h1><p>Your submission has been received.</p></div>',
        }),
      );
    });
  },
};
