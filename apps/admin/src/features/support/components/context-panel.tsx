import type { KycStatus, StaffConversation, SupportContext } from '@swx/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { t } from '../../../i18n/translate';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { languageName } from '../support.rules';

const KYC_TONES: Record<KycStatus, BadgeTone> = {
  none: 'neutral',
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

function Facts({
  facts,
}: {
  facts: readonly { label: string; value: ReactNode; testId?: string }[];
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted">{fact.label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid={fact.testId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t border-line pt-3">
      <h3 id={id} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

const none = <span className="text-muted">—</span>;

function CustomerFacts({ context }: { context: SupportContext }) {
  return (
    <>
      <Facts
        facts={[
          {
            label: t('support.context.username'),
            value: (
              <Link
                to={`/users/${context.userId}`}
                className="font-medium text-accent hover:underline"
                data-testid="support-context-user"
              >
                {context.username}
              </Link>
            ),
          },
          { label: t('support.context.email'), value: context.email ?? none },
          {
            label: t('support.context.phone'),
            value: context.phone ? <span dir="ltr">{context.phone}</span> : none,
          },
          {
            label: t('support.context.registered'),
            value: <TimeStamp iso={context.registeredAt} dateOnly />,
          },
          {
            label: t('support.context.kyc'),
            value: (
              <Badge tone={KYC_TONES[context.kyc]}>
                {t(`support.context.kycValue.${context.kyc}`)}
              </Badge>
            ),
            testId: 'support-context-kyc',
          },
          {
            label: t('support.context.mode'),
            value: (
              <Badge tone={context.mode === 'demo' ? 'accent' : 'success'}>
                {t(`support.context.modeValue.${context.mode}`)}
              </Badge>
            ),
            testId: 'support-context-mode',
          },
          {
            label: t('support.context.demo'),
            value: t(context.demoEnabled ? 'support.context.demoOn' : 'support.context.demoOff'),
          },
        ]}
      />
      <Section title={t('support.context.lastOrders')}>
        {context.lastOrders.length === 0 ? (
          <p className="text-sm text-muted">{t('support.context.noOrders')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5 text-sm" data-testid="support-context-orders">
            {context.lastOrders.map((order) => (
              <li
                key={`${order.product}-${order.id}`}
                className="flex flex-wrap items-baseline justify-between gap-x-2"
              >
                <span className="flex items-baseline gap-1.5">
                  <Badge>{t(`support.context.product.${order.product}`)}</Badge>
                  <span className="font-mono text-xs" dir="ltr">
                    {order.code}
                  </span>
                  <span className="text-xs text-muted">{order.state}</span>
                </span>
                <span className="text-xs text-muted">
                  <TimeStamp iso={order.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('support.context.withdrawals')}>
        {context.openWithdrawals.length === 0 ? (
          <p className="text-sm text-muted">{t('support.context.noWithdrawals')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5 text-sm" data-testid="support-context-withdrawals">
            {context.openWithdrawals.map((w) => (
              <li key={w.id} className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-mono text-xs" dir="ltr">
                  {w.amount} {w.asset}
                </span>
                <span className="text-xs text-muted">
                  <TimeStamp iso={w.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** Who the agent is talking to: the customer's account at a glance, or a visitor's address. */
export function ContextPanel({
  conversation,
  context,
}: {
  conversation: StaffConversation;
  context: SupportContext | null;
}) {
  const id = useId();
  return (
    <aside
      aria-labelledby={id}
      data-testid="support-context"
      className="flex flex-col gap-3 self-start rounded-lg border border-line bg-surface p-4"
    >
      <h2 id={id} className="text-sm font-semibold">
        {t(context ? 'support.context.title' : 'support.context.visitorTitle')}
      </h2>
      {context ? (
        <CustomerFacts context={context} />
      ) : (
        <>
          <Facts
            facts={[
              {
                label: t('support.context.email'),
                value: conversation.visitorEmail ? (
                  <span data-testid="support-context-visitor-email">
                    {conversation.visitorEmail}
                  </span>
                ) : (
                  none
                ),
              },
              { label: t('support.context.name'), value: conversation.visitorName ?? none },
              { label: t('support.context.language'), value: languageName(conversation.locale) },
            ]}
          />
          <p className="text-xs text-muted">{t('support.context.visitorLead')}</p>
        </>
      )}
    </aside>
  );
}
