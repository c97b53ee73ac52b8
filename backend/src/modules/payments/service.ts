import type { LocalCheckout } from './local-checkout';
import type { PaymentsContext } from './context';
import type { PaymentProvider } from './port';
import { disputePayment } from './dispute-payment';
import { receivePaymentEvent } from './receive-payment-webhook';
import { refundPayment } from './refund-payment';

/** The payments module's public face (the CLI's and operators' calls). */
export interface PaymentsService {
  readonly provider: PaymentProvider | LocalCheckout;
  /** Handles one signed provider event in process (the CLI's refunds on the local checkout). */
  receive(raw: Buffer, signature: string): Promise<unknown>;
  /** An operator's refund: the provider refunds, and its webhook takes the credits back. */
  refund(paymentId: string, amountCents?: number): Promise<unknown>;
  /** Local checkout only: the card holder disputes a payment (with Stripe, disputes come from the bank). */
  dispute(paymentId: string): Promise<unknown>;
}

export function createPaymentsService(ctx: PaymentsContext): PaymentsService {
  return {
    provider: ctx.provider,
    receive: (raw, signature) => receivePaymentEvent(ctx, raw, signature),
    refund: (paymentId, amountCents) => refundPayment(ctx, paymentId, amountCents),
    dispute: (paymentId) => disputePayment(ctx, paymentId),
  };
}
