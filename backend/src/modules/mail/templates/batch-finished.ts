import { successRate } from '@fp/contracts';
import { button, defineTemplate, esc, keyValueLines, keyValueTable, layout, plain } from './template';

export interface BatchFinishedData {
  /** Applications in the batch: one per firm, a retry is the same application (contracts' figures). */
  total: number;
  delivered: number;
  failed: number;
  /** Stopped before the firm judged them (by the founder or a deadline): counted apart, not as failed. */
  stopped?: number;
  refunded: number;
  /** Link to the founder's submissions. */
  url: string;
}

export const batchFinished = defineTemplate<BatchFinishedData>({
  name: 'batch-finished',
  category: 'notification',
  render(d, ctx) {
    const title = 'Your applications have finished';
    const stopped = d.stopped ?? 0;
    const rows: [string, number | string][] = [
      ['Delivered', d.delivered],
      ['Failed', d.failed],
      ['Stopped', stopped],
      ['Credits refunded', d.refunded],
    ];
    // Completed out of finished (delivered + failed), the one definition the dashboard uses too.
    const rate = successRate({ completed: d.delivered, failed: d.failed });
    if (rate !== null) rows.push(['Success rate', `${rate}% of finished (stopped not counted)`]);
    const intro = `${d.total === 1 ? 'Your application has' : `Your ${d.total} applications have`} finished.`;
    return {
      subject: `Your applications have finished: ${d.delivered} of ${d.total} delivered`,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(intro)}</p>${keyValueTable(rows)}${button('See your submissions', d.url)}`,
      }),
      text: plain([title, '', intro, ...keyValueLines(rows), '', `See your submissions: ${d.url}`], ctx),
    };
  },
});
