import type { AppContext } from '../../platform/context';
import type { AccountMailer } from '../../platform/identity/port';
import type { MailService } from '../mail/index';

/** The identity provider's e-mails, as our templates with links to our own pages. */
export function accountMailer(ctx: AppContext, mail: MailService): AccountMailer {
  const link = (page: string, token: string) => `${ctx.config.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
  const meta = () => ({ now: ctx.clock.now(), actor: 'identity' });
  return {
    async resetPassword(user, token) {
      await mail.send(
        'reset-password',
        { to: user.email, userId: user.id, data: { url: link('reset-password', token) } },
        meta(),
      );
    },
    async verifyEmail(user, token) {
      await mail.send(
        'verify-email',
        { to: user.email, userId: user.id, data: { url: link('verify-email', token) } },
        meta(),
      );
    },
  };
}
