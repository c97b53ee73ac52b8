import { button, defineTemplate, esc, layout, plain } from './template';

export interface DeckDailyDigestData {
  /** The UTC day summarised (YYYY-MM-DD). */
  day: string;
  /** Visits that day, all of them (the lines below may be fewer). */
  visits: number;
  /** One line per reader, most visits first (at most a screenful). */
  readers: { who: string; visits: number; verified: boolean; seconds: number }[];
  /** Readers not listed. */
  more: number;
  /** The founder's deck page. */
  url: string;
  /** Settings, where the alert choice is made. */
  settingsUrl: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const lineOf = (r: DeckDailyDigestData['readers'][number]) =>
  `${r.who}${r.verified ? ' (verified)' : ''}: ${plural(r.visits, 'visit')}, ${Math.round(r.seconds)} s reading`;

/** Deck links: one e-mail a day summarising the day's visits (the founder's daily digest alert). */
export const deckDailyDigest = defineTemplate<DeckDailyDigestData>({
  name: 'deck-daily-digest',
  category: 'notification',
  render(d, ctx) {
    const title = `Your deck on ${d.day}: ${plural(d.visits, 'visit')}`;
    const lines = d.readers.map(lineOf);
    const more = d.more ? `and ${plural(d.more, 'more reader')}` : null;
    const off = 'You chose a daily digest of deck visits; change it in Settings → Deck alerts.';
    return {
      subject: title,
      html: layout({
        title,
        ctx,
        bodyHtml: `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>${more ? `<p>${esc(more)}</p>` : ''}${button('See which pages they read', d.url)}<p style="color:#6b7280;font-size:13px">${esc(off)} <a href="${esc(d.settingsUrl)}" style="color:#6b7280">Settings</a></p>`,
      }),
      text: plain(
        [
          title,
          '',
          ...lines.map((l) => `- ${l}`),
          ...(more ? [more] : []),
          '',
          `See which pages they read: ${d.url}`,
          '',
          `${off} ${d.settingsUrl}`,
        ],
        ctx,
      ),
    };
  },
});
