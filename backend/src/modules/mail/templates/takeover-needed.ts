import type { TakeoverReason } from '@fp/contracts';
import { button, defineTemplate, esc, layout, plain } from './template';

export interface TakeoverNeededData {
  firmName: string;
  /** Why the automation stopped at the page: a CAPTCHA, a sign-in, a field it cannot set. */
  reason: TakeoverReason;
  /** Until when the browser waits (ISO). */
  deadline: string;
  /** Link to the founder's submissions (Take over opens the live view). */
  url: string;
}

export const takeoverNeeded = defineTemplate<TakeoverNeededData>({
  name: 'takeover-needed',
  category: 'notification',
  render(d, ctx) {
    const title = `Needs you in the live view: ${d.firmName}`;
    const until = new Date(d.deadline).toUTCString();
    const what = {
      captcha: 'shows a CAPTCHA that only a person can solve',
      login_required: 'asks you to sign in',
      field_stuck: "has a required field that keeps undoing the automation's choice; set it yourself",
    }[d.reason];
    const intro = `The application form of ${d.firmName} ${what}. Nothing has been sent. The browser is open and waits for you: open your submissions, press Take over, do that step on the screen, then press Continue.`;
    const after = `If nobody takes over by ${until}, the application ends failed and your credit is refunded.`;
    return {
      subject: title,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(intro)}</p><p>${esc(after)}</p>${button('Open submissions', d.url)}`,
      }),
      text: plain([title, '', intro, '', after, '', `Open submissions: ${d.url}`], ctx),
    };
  },
});
