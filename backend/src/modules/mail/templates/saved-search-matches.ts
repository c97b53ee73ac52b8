import { button, defineTemplate, esc, layout, plain } from './template';

export interface SavedSearchMatchesData {
  /** Saved searches with investors new since the last such e-mail (or since the founder opened them). */
  searches: { name: string; newMatches: number }[];
  /** The founder's dashboard, where each saved search opens with its new matches. */
  url: string;
}

const investors = (n: number) => `${n.toLocaleString('en-US')} new ${n === 1 ? 'investor' : 'investors'}`;

export const savedSearchMatches = defineTemplate<SavedSearchMatchesData>({
  name: 'saved-search-matches',
  category: 'notification',
  render(d, ctx) {
    const total = d.searches.reduce((n, s) => n + s.newMatches, 0);
    const title =
      d.searches.length === 1
        ? `${investors(total)} match “${d.searches[0]!.name}”`
        : `${investors(total)} match your saved searches`;
    const items = d.searches
      .map(
        (s) =>
          `<li style="margin:6px 0"><strong>${esc(s.name)}</strong> <span style="color:#6b7280">· ${esc(investors(s.newMatches))}</span></li>`,
      )
      .join('');
    const intro = 'Since you last looked, an update of the investor database added these matches:';
    return {
      subject: title,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(intro)}</p><ul style="padding-left:20px">${items}</ul>${button('Open your dashboard', d.url)}`,
      }),
      text: plain(
        [
          title,
          '',
          intro,
          ...d.searches.map((s) => `- ${s.name}: ${investors(s.newMatches)}`),
          '',
          `Open your dashboard: ${d.url}`,
        ],
        ctx,
      ),
    };
  },
});
