import { defineTemplate, esc, layout, plain } from './template';

export interface DeckViewerCodeData {
  /** The 6-digit one-time code. */
  code: string;
  /** Whose deck it opens ("Lumen Grid"), or null when the founder's profile has no company name. */
  companyName: string | null;
  /** Minutes the code stays valid. */
  minutes: number;
}

/** Deck links: the one-time code a viewer types to open a link that verifies e-mails (transactional). */
export const deckViewerCode = defineTemplate<DeckViewerCodeData>({
  name: 'deck-viewer-code',
  category: 'account',
  render(d, ctx) {
    const deck = d.companyName ? `the ${d.companyName} pitch deck` : 'the pitch deck';
    const title = `Your code: ${d.code}`;
    const line = `Enter this code to view ${deck}. It works once and expires in ${d.minutes} minutes.`;
    const ignore = 'If you did not ask for it, ignore this e-mail.';
    return {
      subject: `${d.code} is your code to view ${deck}`,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(line)}</p><p style="font-size:28px;font-weight:600;letter-spacing:6px">${esc(d.code)}</p><p style="font-size:13px;color:#6b7280">${esc(ignore)}</p>`,
      }),
      text: plain([title, '', line, '', ignore], ctx),
    };
  },
});
