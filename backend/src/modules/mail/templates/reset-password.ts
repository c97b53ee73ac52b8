import { button, defineTemplate, esc, layout, plain } from './template';

export const resetPassword = defineTemplate<{ url: string }>({
  name: 'reset-password',
  category: 'account',
  render({ url }, ctx) {
    const title = 'Reset your password';
    return {
      subject: 'Reset your FundFlow password',
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>Someone asked to reset the password of your FundFlow account. Choose a new one here:</p>${button('Choose a new password', url)}<p style="font-size:13px;color:#6b7280">The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.<br>${esc(url)}</p>`,
      }),
      text: plain(
        [
          title,
          '',
          'Someone asked to reset the password of your FundFlow account. Choose a new one here:',
          url,
          '',
          'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ],
        ctx,
      ),
    };
  },
});
