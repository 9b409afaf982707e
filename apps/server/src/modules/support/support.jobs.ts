import { UserLocale } from '@swx/contract';
import { createTranslator, mailCatalogues } from '@swx/i18n';
import type { PeriodicJob } from '../../platform/jobs';
import { withAntiPhishing, type Messenger } from '../messaging';
import { selectParamRows } from '../params';
import { selectUserById } from '../users';
import {
  countMessagesAfter,
  lockConversationsToMail,
  selectStaffTextsAfter,
  updateConversation,
} from './support.repo';

const translate = createTranslator(mailCatalogues);
const PER_UNIT = 100;
const DEFAULT_DELAY_SECONDS = 120;

/**
 * Every minute: a customer who has not read support's answer within `support_mail_delay_seconds`
 * of it (away from the chat) gets one mail with the unread answers; each answer is mailed at most
 * once (`mailed_up_to`), and none once read. Sent inside the unit's transaction: a mail that
 * fails rolls the unit back and the next minute tries again.
 */
export function supportMailJob(deps: { messenger: Messenger; publicUrl: string }): PeriodicJob {
  return {
    name: 'support.mail',
    periodMs: 60_000,
    sweep: true,
    async run({ tx, periodEnd }) {
      // Read in the unit's transaction (the embedded database has one connection).
      const [param] = await selectParamRows(tx, 'support_mail_delay_seconds');
      const delay = Number(param?.value ?? DEFAULT_DELAY_SECONDS);
      const writtenBy = new Date(periodEnd.getTime() - delay * 1000);
      for (const conv of await lockConversationsToMail(tx, writtenBy, PER_UNIT)) {
        const after = Math.max(conv.customerReadUpTo, conv.mailedUpTo);
        const texts = await selectStaffTextsAfter(tx, conv.id, after);
        const count = await countMessagesAfter(tx, conv.id, 'staff', after);
        const user = conv.userId !== null ? await selectUserById(tx, conv.userId) : undefined;
        const upTo = Math.max(after, ...texts.map((t) => t.id));
        await updateConversation(tx, conv.id, { mailedUpTo: upTo });
        if (!user?.email) continue;
        const locale = UserLocale.safeParse(user.locale).data ?? 'en';
        const text = texts.map((t) => t.text ?? translate(locale, 'support.image')).join('\n\n');
        await deps.messenger.sendMail(
          {
            to: user.email,
            subject: translate(locale, 'support.reply.subject'),
            text: withAntiPhishing(
              locale,
              user.antiPhishingCode,
              translate(locale, 'support.reply.body', {
                count,
                text,
                url: `${deps.publicUrl.replace(/\/$/, '')}/profile/kefu`,
              }),
            ),
          },
          tx,
        );
      }
    },
  };
}
