import type { Effects } from '@fp/projections';
import { askedMeta, metaOf, type AskedMeta, type CommandMeta } from '../../platform/decider';
import type { SendInput } from './send-mail';
import type { MailService } from './service';
import type { TemplateName } from './templates/index';

const MAIL_EFFECT = 'mail';

interface AskedMail {
  template: TemplateName;
  input: SendInput<TemplateName>;
  meta: AskedMeta;
}

/**
 * A projection's e-mail is one of its effects: its batch records the message to queue and commits,
 * and the mail is queued after, on connections of its own. The message id keeps a run after a crash
 * from queueing it twice.
 */
export function mailEffects(mail: MailService): Record<string, (payload: AskedMail) => Promise<void>> {
  return {
    [MAIL_EFFECT]: async ({ template, input, meta }) => {
      await mail.send(template, input, metaOf(meta));
    },
  };
}

/** Inside a projection's apply: asks for `mail.send(template, input, meta)` once the batch commits. */
export function askMail<N extends TemplateName>(
  effects: Effects,
  template: N,
  input: SendInput<N>,
  meta: CommandMeta,
): void {
  effects.ask(MAIL_EFFECT, { template, input, meta: askedMeta(meta) });
}
