import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = { slug: 'elm-partners', name: 'Elm Partners', tagline: 'Pick from the list', accent: '#0b7285' };

export const ELM_SECTORS = ['Fintech', 'AI / ML', 'B2B Software', 'Consumer', 'Other'];
export const ELM_REGIONS = ['Europe', 'North America', 'Asia', 'Other'];

// The sector is a role=listbox with its options inside; the region a role=combobox whose options pop up in a
// separate role=listbox (aria-controls). Both write a hidden input the form posts.
const form = (base: string) => `<h1>Apply to Elm Partners</h1>
<form method="post" action="${base}/apply" id="elm-form">
<div class="field"><label for="e-name">Full name *</label><input type="text" id="e-name" name="name" required></div>
<div class="field"><label for="e-email">Email *</label><input type="email" id="e-email" name="email" required></div>
<div class="field"><label for="e-co">Company name *</label><input type="text" id="e-co" name="company" required></div>
<div class="field"><span id="e-sector-l">Sector *</span>
<div role="listbox" tabindex="0" aria-labelledby="e-sector-l" aria-required="true" class="lb" id="e-sector">${ELM_SECTORS.map((s) => `<div role="option" aria-selected="false" data-value="${s}">${s}</div>`).join('')}</div>
<input type="hidden" name="sector" value=""></div>
<div class="field"><span id="e-region-l">Region *</span>
<div role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false" aria-controls="e-region-list" aria-labelledby="e-region-l" aria-required="true" class="cb"><span class="shown">Select a region</span></div>
<ul role="listbox" id="e-region-list" hidden>${ELM_REGIONS.map((s) => `<li role="option" aria-selected="false" data-value="${s}">${s}</li>`).join('')}</ul>
<input type="hidden" name="region" value=""></div>
<button type="submit">Apply</button></form>
<style>.lb,.cb{border:1px solid #99e9f2;border-radius:6px;padding:4px;max-width:320px;cursor:pointer}.lb [role=option],#e-region-list li{padding:4px 8px;list-style:none}
[aria-selected=true]{background:#0b7285;color:#fff}#e-region-list{border:1px solid #99e9f2;margin:2px 0;padding:4px;max-width:320px}</style>
<script>(function(){
  var form = document.getElementById('elm-form');
  document.querySelectorAll('#e-sector [role=option]').forEach(function(o){ o.addEventListener('click', function(){
    document.querySelectorAll('#e-sector [role=option]').forEach(function(x){ x.setAttribute('aria-selected','false'); });
    o.setAttribute('aria-selected','true'); form.sector.value = o.getAttribute('data-value');
  }); });
  var cb = document.querySelector('.cb'), list = document.getElementById('e-region-list');
  cb.addEventListener('click', function(){ list.hidden = !list.hidden; cb.setAttribute('aria-expanded', String(!list.hidden)); });
  list.querySelectorAll('[role=option]').forEach(function(o){ o.addEventListener('click', function(){
    list.querySelectorAll('[role=option]').forEach(function(x){ x.setAttribute('aria-selected','false'); });
    o.setAttribute('aria-selected','true'); form.region.value = o.getAttribute('data-value');
    cb.querySelector('.shown').textContent = o.textContent; list.hidden = true; cb.setAttribute('aria-expanded','false');
  }); });
  form.addEventListener('submit', function(e){ if (!form.sector.value || !form.region.value) { e.preventDefault(); alert('Please choose a sector and a region'); } });
})();</script>`;

/**
 * Choices as a listbox and as a combobox popup, each with an "Other": a SaaS startup is
 * "B2B Software", a London one "Europe"; an agritech startup in Lagos matches neither list, so the run asks the
 * founder (offering the options) and sends "Other" only when they chose it. Records every field it receives.
 */
export const elmPartners: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'listbox-combobox-choices',
  expectedOutcome: 'completed',
  description:
    'Sector as a role=listbox, region as a role=combobox with a popup listbox; both offer "Other", which only the founder may choose.',
  routes(app, ctx) {
    standardPages(app, brand, ['Harvestly', 'Tidepool'], ['Amara Nwosu, Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'Seed investors in software, everywhere.')}<p><a href="${ctx.base}/apply">Apply now</a></p>`,
        }),
      ),
    );
    app.get('/apply', async (_q, r) => html(r, firmPage({ brand, title: 'Apply', body: form(ctx.base) })));
    app.post('/apply', async (req, r) => {
      const f = flatten(req.body);
      const ok = Boolean(
        f.name && f.email && f.company && ELM_SECTORS.includes(f.sector ?? '') && ELM_REGIONS.includes(f.region ?? ''),
      );
      ctx.record(f, ok);
      if (!ok)
        return html(
          r,
          firmPage({
            brand,
            title: 'Error',
            body: '<p class="error" role="alert">Please answer every required question.</p>',
          }),
          422,
        );
      return html(
        r,
        firmPage({
          brand,
          title: 'Thanks',
          body: '<div class="success"><h1>Application received</h1><p>Thank you, we will be in touch.</p></div>',
        }),
      );
    });
  },
};
