import type { MailCategory } from '@fp/contracts';

/** What every template receives besides its own data. */
export interface MailContext {
  /** The app's public address (PUBLIC_URL), for links. */
  appUrl: string;
  /** One-click unsubscribe page for notification e-mails (null for account e-mails). */
  unsubscribeUrl: string | null;
}

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One e-mail template: a file under templates/ that calls this and is listed in templates/index.ts.
 * Account e-mails (verify, reset, receipts) always go out; notification e-mails carry an
 * unsubscribe link and are not sent to addresses that opted out.
 */
export interface MailTemplate<D> {
  name: string;
  category: MailCategory;
  render(data: D, ctx: MailContext): RenderedMail;
}

export const defineTemplate = <D>(t: MailTemplate<D>) => t;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A call-to-action button, and its plain-text twin. */
export const button = (label: string, url: string) =>
  `<p style="margin:24px 0"><a href="${esc(url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${esc(label)}</a></p>`;

/** Label/value rows (a receipt's lines, a batch's counts) as a small table, and their plain-text lines. */
export const keyValueTable = (rows: [string, string | number][]) =>
  `<table role="presentation" cellpadding="6" style="border-collapse:collapse;margin:8px 0">${rows.map(([k, v]) => `<tr><td style="color:#6b7280">${esc(k)}</td><td style="font-weight:600">${esc(v)}</td></tr>`).join('')}</table>`;
export const keyValueLines = (rows: [string, string | number][]) => rows.map(([k, v]) => `${k}: ${v}`);

/** The product's look: the sidebar's brand, indigo primary, a white card on a soft grey page. */
export function layout(opts: { title: string; bodyHtml: string; ctx: MailContext; footerHtml?: string }): string {
  const footer =
    opts.footerHtml ??
    (opts.ctx.unsubscribeUrl
      ? `You get this e-mail because you use FundFlow. <a href="${esc(opts.ctx.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from these notifications.`
      : 'You get this e-mail because of an action on your FundFlow account.');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(opts.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f7;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px"><span style="font-size:20px;font-weight:700;color:#4f46e5">FundFlow</span> <span style="font-size:12px;color:#6b7280">Funding Made Simple</span></td></tr>
<tr><td style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e5e7eb;font-size:15px;line-height:1.6">
<h1 style="font-size:20px;margin:0 0 16px">${esc(opts.title)}</h1>
${opts.bodyHtml}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#6b7280">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The plain-text part: the same words, links spelled out, and the unsubscribe line. */
export function plain(lines: string[], ctx: MailContext, footerText?: string): string {
  const footer =
    footerText !== undefined
      ? `\n--\n${footerText}`
      : ctx.unsubscribeUrl
        ? `\n--\nUnsubscribe from these notifications: ${ctx.unsubscribeUrl}`
        : '\n--\nFundFlow · Funding Made Simple';
  return `${lines.join('\n')}\n${footer}\n`;
}
