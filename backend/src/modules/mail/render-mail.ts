import type { MailCategory } from '@fp/contracts';
import type { MailServiceContext } from './context';
import { templates, type TemplateName } from './templates/index';
import { unsubscribeToken, type MailList } from './unsubscribe-token';

/**
 * A template rendered as it is sent: subject, bodies, and for notifications the unsubscribe link
 * and headers (the same for `send` and a screen's preview).
 */
export function renderMail(
  ctx: Pick<MailServiceContext, 'config'>,
  name: TemplateName,
  input: { to: string; data: unknown; list?: MailList },
) {
  const template = templates[name];
  const to = input.to.trim();
  const headers: Record<string, string> = {};
  let pageUrl: string | null = null;
  if (template.category === 'notification') {
    pageUrl = unsubscribeUrl(ctx, to, template.category, false, input.list);
    // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this address.
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(ctx, to, template.category, true, input.list)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const rendered = (template.render as (d: unknown, c: unknown) => { subject: string; text: string; html: string })(
    input.data,
    { appUrl: ctx.config.publicUrl, unsubscribeUrl: pageUrl },
  );
  return { ...rendered, headers };
}

function unsubscribeUrl(
  ctx: Pick<MailServiceContext, 'config'>,
  email: string,
  category: MailCategory,
  api: boolean,
  list?: MailList,
) {
  const token = encodeURIComponent(unsubscribeToken(ctx.config.authSecret, email, category, list));
  return api
    ? `${ctx.config.publicUrl}/api/mail/unsubscribe?token=${token}`
    : `${ctx.config.publicUrl}/unsubscribe?token=${token}`;
}
