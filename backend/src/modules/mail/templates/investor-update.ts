import { button, defineTemplate, esc, keyValueLines, keyValueTable, layout, plain } from './template';

export interface InvestorUpdateData {
  /** The founder and company the update is from (their profile). */
  from: { name: string; company: string; email: string | null };
  subject: string;
  highlights: string;
  metrics: { label: string; value: string }[];
  asks: string;
  lowlights: string;
  /** This recipient's own tracked link to the founder's deck, or null without a deck. */
  deckUrl: string | null;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * A founder's investor update, written and sent by the founder (investor-updates module): their words
 * as they wrote them, the sections they filled, and the recipient's own deck link. It is a
 * notification: it carries a one-click unsubscribe for this founder's updates only (a list).
 */
export const investorUpdate = defineTemplate<InvestorUpdateData>({
  name: 'investor-update',
  category: 'notification',
  render(d, ctx) {
    const sections: [string, string][] = [
      ['Highlights', d.highlights],
      ['Asks', d.asks],
      ['Lowlights', d.lowlights],
    ];
    const metrics = d.metrics.filter((m) => m.value.trim()).map((m): [string, string] => [m.label, m.value]);
    const filled = sections.filter(([, t]) => t.trim());
    const html = [
      ...filled
        .slice(0, 1)
        .map(([h, t]) => `<h2 style="font-size:16px;margin:20px 0 8px">${esc(h)}</h2>${paragraphs(t)}`),
      metrics.length ? `<h2 style="font-size:16px;margin:20px 0 8px">Metrics</h2>${keyValueTable(metrics)}` : '',
      ...filled.slice(1).map(([h, t]) => `<h2 style="font-size:16px;margin:20px 0 8px">${esc(h)}</h2>${paragraphs(t)}`),
      d.deckUrl ? button(`Open ${d.from.company}'s deck`, d.deckUrl) : '',
      `<p style="margin:16px 0 0;color:#6b7280">${esc(d.from.name)}, ${esc(d.from.company)}${d.from.email ? ` · <a href="mailto:${esc(d.from.email)}" style="color:#4f46e5">${esc(d.from.email)}</a>` : ''}</p>`,
    ].join('');
    const text = [
      d.subject,
      '',
      ...filled.slice(0, 1).flatMap(([h, t]) => [h, t, '']),
      ...(metrics.length ? ['Metrics', ...keyValueLines(metrics), ''] : []),
      ...filled.slice(1).flatMap(([h, t]) => [h, t, '']),
      ...(d.deckUrl ? [`Open ${d.from.company}'s deck: ${d.deckUrl}`, ''] : []),
      `${d.from.name}, ${d.from.company}${d.from.email ? ` · ${d.from.email}` : ''}`,
    ];
    const why = `You get this e-mail because ${d.from.name} of ${d.from.company} sends you their investor updates through FundFlow.`;
    const footerHtml = ctx.unsubscribeUrl
      ? `${esc(why)} <a href="${esc(ctx.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from ${esc(d.from.company)}'s updates.`
      : esc(why);
    const footerText = ctx.unsubscribeUrl
      ? `${why}\nUnsubscribe from ${d.from.company}'s updates: ${ctx.unsubscribeUrl}`
      : why;
    return {
      subject: d.subject,
      html: layout({ title: d.subject, ctx, bodyHtml: html, footerHtml }),
      text: plain(text, ctx, footerText),
    };
  },
});
