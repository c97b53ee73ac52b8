import { firmPage, hero, type Brand } from '../html';
import { flatten } from '../body';
import type { SiteDefinition } from '../types';
import { html, standardPages } from './common';

const brand: Brand = {
  slug: 'cedar-ventures',
  name: 'Cedar Ventures',
  tagline: 'Patient capital for climate and industrial tech',
  accent: '#2b8a3e',
};

const frameCss =
  'body{font-family:Helvetica,Arial,sans-serif;margin:0;padding:20px;background:#fff}label{display:block;font-size:14px;margin:12px 0 4px}input[type=text],input[type=email],input[type=url],textarea{width:100%;box-sizing:border-box;padding:8px;border:1px solid #bbb;border-radius:4px}.opt label{display:inline;margin-right:12px}button{margin-top:16px;background:#2b8a3e;color:#fff;border:0;padding:10px 18px;border-radius:4px}.fc{color:#999;font-size:11px;margin-top:16px}';

/** The form lives in an iframe (as with embedded form builders); the parent page has no inputs at all. */
export const cedarVentures: SiteDefinition = {
  slug: brand.slug,
  name: brand.name,
  kind: 'iframe-form',
  expectedOutcome: 'completed',
  description:
    'Landing page embeds the application form from a form-builder page inside an iframe; confirmation appears inside the iframe.',
  routes(app, ctx) {
    standardPages(app, brand, ['Gridlight', 'Carbonara Materials', 'Heatwell'], ['Sofia Lind, Founding Partner']);
    app.get('/', async (_q, r) =>
      html(
        r,
        firmPage({
          brand,
          body: `${hero(brand, 'We back founders decarbonising heavy industry, from seed onward.')}
<h2>Founders: apply below</h2>
<iframe src="${ctx.base}/embed/form" title="Cedar Ventures application form" style="width:100%;height:760px;border:1px solid #ddd;border-radius:8px"></iframe>`,
        }),
      ),
    );
    app.get('/embed/form', async (_q, r) =>
      html(
        r,
        `<!doctype html><html><head><meta charset="utf-8"><title>Application form</title><style>${frameCss}</style></head><body>
<form method="post" action="${ctx.base}/embed/submit">
<label for="f1">Name *</label><input type="text" id="f1" name="field_1" required>
<label for="f2">Email *</label><input type="email" id="f2" name="field_2" required>
<label for="f3">Company *</label><input type="text" id="f3" name="field_3" required>
<label for="f4">Company website</label><input type="url" id="f4" name="field_4">
<label for="f5">Pitch deck URL</label><input type="url" id="f5" name="field_5">
<fieldset style="border:0;padding:0;margin:12px 0"><legend>Company stage *</legend><div class="opt">
<input type="radio" id="f6a" name="field_6" value="Pre-seed" required><label for="f6a">Pre-seed</label>
<input type="radio" id="f6b" name="field_6" value="Seed"><label for="f6b">Seed</label>
<input type="radio" id="f6c" name="field_6" value="Series A"><label for="f6c">Series A</label>
<input type="radio" id="f6d" name="field_6" value="Growth"><label for="f6d">Growth</label></div></fieldset>
<label for="f7">What problem are you solving? *</label><textarea id="f7" name="field_7" required></textarea>
<button type="submit">Submit</button><p class="fc">Powered by FormCraft</p>
</form></body></html>`,
      ),
    );
    app.post('/embed/submit', async (req, r) => {
      ctx.record(flatten(req.body));
      return html(
        r,
        `<!doctype html><html><head><meta charset="utf-8"><style>${frameCss}</style></head><body><h2>Thanks!</h2><p>Your application was received. The Cedar team will reply within 14 days.</p></body></html>`,
      );
    });
  },
};
