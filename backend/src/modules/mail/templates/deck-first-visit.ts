import { button, defineTemplate, esc, layout, plain } from './template';

export interface DeckFirstVisitData {
  /** The investor's name on the founder's pipeline board, or null (a link for an e-mail address). */
  investorName: string | null;
  /** The e-mail the visitor gave (or the link was made for), or null. */
  email: string | null;
  /** When the visit started (ISO). */
  at: string;
  /** The founder's deck page. */
  url: string;
  /** Settings, where these e-mails are switched off. */
  settingsUrl: string;
  /** A later visit of the link (the founder asked to hear of every visit). */
  again?: boolean;
  /** The viewer proved the e-mail with a one-time code. */
  verified?: boolean;
}

const who = (d: DeckFirstVisitData) => d.investorName ?? d.email ?? 'Someone with your link';

/** Deck links: the first visit of one of the founder's tracked links (or any visit, when they asked for every one). */
export const deckFirstVisit = defineTemplate<DeckFirstVisitData>({
  name: 'deck-first-visit',
  category: 'notification',
  render(d, ctx) {
    const title = `${who(d)} opened your deck${d.again ? ' again' : ''}`;
    const when = `${d.at.slice(0, 16).replace('T', ' ')} UTC`;
    const line = `${who(d)} opened your pitch deck ${d.again ? 'again' : 'for the first time'} (${when}).`;
    const shown = d.investorName && d.email ? `Viewer's e-mail: ${d.email}` : null;
    const by = d.verified && d.email ? `${shown ?? `Viewer's e-mail: ${d.email}`} (verified with a code)` : shown;
    const off = 'You can switch these e-mails off in Settings → Deck alerts.';
    return {
      subject: title,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(line)}</p>${by ? `<p style="color:#6b7280">${esc(by)}</p>` : ''}${button('See which pages they read', d.url)}<p style="color:#6b7280;font-size:13px">${esc(off)} <a href="${esc(d.settingsUrl)}" style="color:#6b7280">Settings</a></p>`,
      }),
      text: plain(
        [
          title,
          '',
          line,
          ...(by ? [by] : []),
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
