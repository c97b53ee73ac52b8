import { formatUsd } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import type { CommandMeta } from '../../platform/decider';
import type { MailService } from '../mail/index';

/** Each purchase on /credits is its receipt; the link lands on its row. */
export const receiptPath = (paymentId: string) => `/credits#receipt-${encodeURIComponent(paymentId)}`;

/** One receipt e-mail per payment (its id is the message id, so a redelivered webhook mails once). */
export function createReceipts(ctx: Pick<AppContext, 'db' | 'config'>, mail: MailService) {
  return {
    async send(
      userId: string,
      p: { paymentId: string; product: string; credits: number; amountPaid: number },
      meta: CommandMeta,
    ) {
      const user = await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      if (!user) return;
      await mail.send(
        'receipt',
        {
          to: user.email,
          userId,
          messageId: `receipt-${p.paymentId}`,
          data: {
            paymentId: p.paymentId,
            product: p.product,
            credits: p.credits,
            amount: formatUsd(p.amountPaid),
            date: meta.now.toISOString().slice(0, 10),
            url: `${ctx.config.publicUrl}${receiptPath(p.paymentId)}`,
          },
        },
        meta,
      );
    },
  };
}
export type Receipts = ReturnType<typeof createReceipts>;
