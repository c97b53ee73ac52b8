import { mailStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { MailServiceContext } from './context';
import { mailDecider } from './mail-decider';
import { optedOut } from './opt-out';
import { renderMail } from './render-mail';
import { templates, type TemplateData, type TemplateName } from './templates/index';
import type { MailList } from './unsubscribe-token';

export type SendInput<N extends TemplateName> = {
  to: string;
  userId?: string | null;
  data: TemplateData<N>;
  messageId?: string;
  list?: MailList;
};
export type SendResult = { messageId: string; checkpoint: string | null; skipped?: 'unsubscribed' };

/**
 * Renders a template and queues the message (an event); the delivery job sends it. With the same
 * `messageId` twice (a redelivered webhook) only one message is queued. A notification to an
 * address that unsubscribed is not queued (`skipped`).
 */
export async function sendMail<N extends TemplateName>(
  ctx: MailServiceContext,
  name: N,
  input: SendInput<N>,
  meta: CommandMeta,
): Promise<SendResult> {
  const template = templates[name];
  const to = input.to.trim();
  if (template.category !== 'account' && (await optedOut(ctx, [to], template.category, input.list?.id)).size) {
    return { messageId: '', checkpoint: null, skipped: 'unsubscribed' };
  }
  const { headers, ...rendered } = renderMail(ctx, name, input);
  const messageId = input.messageId ?? meta.ids?.messageId ?? ctx.newId();
  const r = await handleCommand(
    ctx.store,
    mailStream(messageId),
    mailDecider,
    {
      type: 'QueueMail',
      mail: {
        messageId,
        to,
        userId: input.userId ?? null,
        template: template.name,
        category: template.category,
        ...rendered,
        headers,
      },
    },
    meta,
  );
  return { messageId, checkpoint: r.checkpoint };
}
