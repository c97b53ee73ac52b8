import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import type { MailDeps } from './context';
import type { MailContext } from './route-context';
import { mailProjection } from './projection';
import { mailRoutes, UNSUBSCRIBE_PATH } from './routes';
import { createMailService, type MailService } from './service';

export type { MailPort, OutgoingMail } from './port';
export type { MailList } from './unsubscribe-token';
export type { MailService } from './service';
export type { MailDeps } from './context';
export type { MailContext } from './route-context';
export { createEmbeddedTransport } from './embedded-transport';
export { createSmtpTransport } from './smtp-transport';
export {
  templates,
  defineTemplate,
  type TemplateName,
  type TemplateData,
  type InvestorUpdateData,
} from './templates/index';
export { MAX_MAIL_ATTEMPTS, mailBackoffMs } from './mail-decider';
export { askMail, mailEffects } from './mail-effect';

/**
 * Outgoing e-mail: other modules call `service.send(template, …)`; each message is an event, and a
 * durable delivery job (a lease on the due rows of mail_messages, retries with backoff recorded as
 * events) sends it through the transport. A message queued before a stop is sent after the next start.
 */
export function createMailModule({ ctx: platform, transport, pollMs = 1000 }: MailDeps): AppModule<MailService> {
  const mail = createMailService(platform, transport);
  const ctx: MailContext = moduleContext(platform, { mail });
  return {
    name: 'mail',
    service: mail,
    projections: [mailProjection],
    publicPaths: [new RegExp(`^${UNSUBSCRIBE_PATH.replace(/\//g, '\\/')}$`)],
    routes: (app) => mailRoutes(app, ctx),
    async start() {
      let stopped = false;
      let running: Promise<void> | null = null;
      const tick = async () => {
        try {
          // Keep going while a pass found work (a burst of messages), then wait.
          while (!stopped && (await mail.deliverDue()) > 0);
        } catch (err) {
          if (!stopped) console.error(`[mail] delivery pass failed: ${(err as Error).message}`);
        }
      };
      const timer = setInterval(() => {
        running ??= tick().finally(() => (running = null));
      }, pollMs);
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
        await transport.close?.();
      };
    },
  };
}
