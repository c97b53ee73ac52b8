import { button, defineTemplate, esc, layout, plain } from './template';

export const verifyEmail = defineTemplate<{ url: string }>({
  name: 'verify-email',
  category: 'account',
  render({ url }, ctx) {
    const title = 'Verify your e-mail address';
    return {
      subject: 'Verify your e-mail address for FundFlow',
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>Confirm that this address is yours to finish setting up your FundFlow account.</p>${button('Verify e-mail', url)}<p style="font-size:13px;color:#6b7280">The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.<br>${esc(url)}</p>`,
      }),
      text: plain(
        [
          title,
          '',
          'Confirm that this address is yours to finish setting up your FundFlow account:',
          url,
          '',
          'The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.',
        ],
        ctx,
      ),
    };
  },
});
