import { button, defineTemplate, esc, keyValueLines, keyValueTable, layout, plain } from './template';

export interface ReceiptData {
  /** Receipt number shown to the founder (the provider's payment id). */
  paymentId: string;
  product: string;
  credits: number;
  /** e.g. "$97.00" */
  amount: string;
  date: string;
  /** The founder's credits page. */
  url: string;
}

export const receipt = defineTemplate<ReceiptData>({
  name: 'receipt',
  category: 'account',
  render(d, ctx) {
    const title = 'Your FundFlow receipt';
    const rows: [string, string][] = [
      ['Product', d.product],
      ['Credits', String(d.credits)],
      ['Amount paid', d.amount],
      ['Date', d.date],
      ['Receipt', d.paymentId],
    ];
    return {
      subject: `Receipt: ${d.product} (${d.amount})`,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>Thank you for your purchase. ${esc(d.credits)} credits were added to your balance.</p>${keyValueTable(rows)}${button('See your credits', d.url)}`,
      }),
      text: plain(
        [
          title,
          '',
          `Thank you for your purchase. ${d.credits} credits were added to your balance.`,
          ...keyValueLines(rows),
          '',
          `See your credits: ${d.url}`,
        ],
        ctx,
      ),
    };
  },
});
