import { button, defineTemplate, esc, layout, plain } from './template';

export interface FollowUpReminderData {
  /** The founder's day the reminder is for (YYYY-MM-DD). */
  date: string;
  /** Cards whose next follow-up is that day or before it, soonest first. */
  cards: { name: string; stage: string; nextFollowUp: string; notes: string | null }[];
  /** The founder's pipeline board. */
  url: string;
}

const when = (card: { nextFollowUp: string }, date: string) =>
  card.nextFollowUp === date ? 'due today' : `due since ${card.nextFollowUp}`;

export const followUpReminder = defineTemplate<FollowUpReminderData>({
  name: 'follow-up-reminder',
  category: 'notification',
  render(d, ctx) {
    const n = d.cards.length;
    const title = n === 1 ? 'A follow-up is due' : `${n} follow-ups are due`;
    const intro = `From your pipeline, for ${d.date}:`;
    const items = d.cards
      .map(
        (c) =>
          `<li style="margin:6px 0"><strong>${esc(c.name)}</strong> <span style="color:#6b7280">· ${esc(c.stage)} · ${esc(when(c, d.date))}</span>${c.notes ? `<br><span style="color:#6b7280">${esc(c.notes)}</span>` : ''}</li>`,
      )
      .join('');
    return {
      subject: n === 1 ? `Follow up with ${d.cards[0]!.name} today` : `${n} follow-ups are due today`,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(intro)}</p><ul style="padding-left:20px">${items}</ul>${button('Open your pipeline', d.url)}`,
      }),
      text: plain(
        [
          title,
          '',
          intro,
          ...d.cards.map((c) => `- ${c.name} (${c.stage}, ${when(c, d.date)})${c.notes ? `: ${c.notes}` : ''}`),
          '',
          `Open your pipeline: ${d.url}`,
        ],
        ctx,
      ),
    };
  },
});
