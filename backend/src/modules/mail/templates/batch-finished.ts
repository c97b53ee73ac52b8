import { button, defineTemplate, esc, keyValueLines, keyValueTable, layout, plain } from './template';

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
    return {
      subject: `Your applications have finished: ${d.delivered} of ${d.total} delivered`,
      html: layout({ title, ctx, bodyHtml: `<p>All ${esc(d.total)} applications of your batch have finished.</p>${keyValueTable(rows)}${button('See your submissions', d.url)}` }),
      text: plain([title, '', `All ${d.total} applications of your batch have finished.`, ...keyValueLines(rows), '', `See your submissions: ${d.url}`], ctx),
    };
  },
});
