import { button, defineTemplate, esc, layout, plain } from './template';

export interface BatchFinishedData {
  total: number;
  delivered: number;
  failed: number;
  refunded: number;
  /** Link to the founder's submissions. */
  url: string;
}

export const batchFinished = defineTemplate<BatchFinishedData>({
  name: 'batch-finished',
  category: 'notification',
  render(d, ctx) {
    const title = 'Your applications have finished';
    const rows: [string, number][] = [['Delivered', d.delivered], ['Failed', d.failed], ['Credits refunded', d.refunded]];
    const table = `<table role="presentation" cellpadding="6" style="border-collapse:collapse;margin:8px 0">${rows.map(([k, v]) => `<tr><td style="color:#6b7280">${esc(k)}</td><td style="font-weight:600">${esc(v)}</td></tr>`).join('')}</table>`;
    return {
      subject: `Your applications have finished: ${d.delivered} of ${d.total} delivered`,
      html: layout({ title, ctx, bodyHtml: `<p>All ${esc(d.total)} applications of your batch have finished.</p>${table}${button('See your submissions', d.url)}` }),
      text: plain([title, '', `All ${d.total} applications of your batch have finished.`, ...rows.map(([k, v]) => `${k}: ${v}`), '', `See your submissions: ${d.url}`], ctx),
    };
  },
});
