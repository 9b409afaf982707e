import { getUser } from '@swx/contract';
import { Link, useLocation, useParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { LedgerTable } from '../components/ledger-table';
import { useSession } from '../../../shared/session/use-session';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { BalancesTable } from '../components/balances-table';
import { FactCard } from '../components/fact-card';
import { UserActions } from '../components/user-actions';
import { DemoBadge, KycStatusBadge, UserStatusBadge } from '../components/user-badges';
import { canManageUsers } from '../users.rules';

/** Back to the list as it was left (search and page), when the list linked here. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  if (typeof state === 'object' && state !== null && 'back' in state) {
    const back = state.back;
    if (typeof back === 'string' && back.startsWith('/users')) return back;
  }
  return '/users';
}

function BackLink() {
  return (
    <Link to={useBackTo()} className="mb-2 inline-block text-sm text-accent hover:underline">
      {t('users.detail.back')}
    </Link>
  );
}

/** Who reads a customer's ledger (the server's rule: admin, finance, support). */
const LEDGER_READERS: readonly string[] = ['admin', 'finance', 'support'];

function UserDetail({ id }: { id: number }) {
  const { me } = useSession();
  const user = useApiQuery(getUser, { params: { id } });
  const item = user.data;
  useDocumentTitle(item ? item.username : t('nav.users'));

  if (!item) {
    if (user.error) {
      return (
        <div className="flex flex-col items-start gap-3">
          <BackLink />
          <InlineAlert>{user.error.message}</InlineAlert>
          <Button onClick={user.reload}>{t('common.retry')}</Button>
        </div>
      );
    }
    return (
      <>
        <BackLink />
        <p className="text-sm text-muted" role="status">
          {t('common.loading')}
        </p>
      </>
    );
  }

  const manage = me ? canManageUsers(me.roles) : false;
  const none = <span className="text-muted">—</span>;

  return (
    <>
      <BackLink />
      <PageHeader
        title={item.username}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-xs tabular-nums">#{item.id}</span>
            <UserStatusBadge status={item.status} />
          </span>
        }
        actions={
          manage ? <UserActions user={item} onSaved={(saved) => user.setData(() => saved)} /> : null
        }
      />
      {manage ? null : (
        <InlineAlert tone="info" className="mb-4">
          {t('users.detail.readOnly')}
        </InlineAlert>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <FactCard
          title={t('users.detail.identity')}
          facts={[
            { label: t('users.id'), value: item.id },
            { label: t('users.username'), value: item.username },
            { label: t('users.email'), value: item.email ?? none },
            {
              label: t('users.phone'),
              value: item.phone ? <span dir="ltr">{item.phone}</span> : none,
            },
            {
              label: t('users.wallet'),
              value: item.walletAddress ? (
                <span className="font-mono text-xs break-all" dir="ltr">
                  {item.walletAddress}
                </span>
              ) : (
                none
              ),
            },
            {
              label: t('users.detail.googleLinked'),
              value: t(item.googleLinked ? 'users.detail.linked' : 'users.detail.notLinked'),
            },
            { label: t('users.detail.locale'), value: item.locale },
            { label: t('users.registered'), value: <TimeStamp iso={item.createdAt} /> },
          ]}
        />
        <FactCard
          title={t('users.detail.state')}
          facts={[
            {
              label: t('users.status'),
              value: <UserStatusBadge status={item.status} />,
              testId: 'user-status',
            },
            { label: t('users.kyc'), value: <KycStatusBadge status={item.kycStatus} /> },
            {
              label: t('users.demo'),
              value: <DemoBadge enabled={item.demoEnabled} />,
              testId: 'user-demo',
            },
            {
              label: t('users.detail.sessions'),
              value: <span className="tabular-nums">{item.activeSessions}</span>,
              testId: 'user-sessions',
            },
            {
              label: t('users.detail.lastLogin'),
              value: item.lastLoginAt ? (
                <TimeStamp iso={item.lastLoginAt} />
              ) : (
                <span className="text-muted">{t('users.detail.never')}</span>
              ),
            },
            {
              label: t('users.detail.failedLogins'),
              value:
                item.failedLoginsLastHour > 0 ? (
                  <Badge tone="warning">{item.failedLoginsLastHour}</Badge>
                ) : (
                  <span className="tabular-nums">0</span>
                ),
            },
          ]}
        />
        <FactCard
          title={t('users.detail.referrals')}
          facts={[
            {
              label: t('users.detail.inviteCode'),
              value: <span className="font-mono text-xs">{item.inviteCode}</span>,
            },
            {
              label: t('users.detail.invitedBy'),
              value: item.invitedBy ? (
                <Link to={`/users/${item.invitedBy.id}`} className="text-accent hover:underline">
                  {item.invitedBy.username}
                </Link>
              ) : (
                <span className="text-muted">{t('users.detail.notInvited')}</span>
              ),
            },
            {
              label: t('users.detail.friends'),
              value: <span className="tabular-nums">{item.friends}</span>,
            },
          ]}
        />
      </div>
      <div className="mt-4">
        <BalancesTable user={item} />
      </div>
      {me && me.roles.some((r) => LEDGER_READERS.includes(r)) ? (
        <div className="mt-6">
          <LedgerTable userId={item.id} />
        </div>
      ) : null}
    </>
  );
}

export function UserDetailPage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (Number.isInteger(numeric) && numeric > 0) return <UserDetail key={numeric} id={numeric} />;
  return (
    <>
      <BackLink />
      <InlineAlert>{t('users.detail.badId')}</InlineAlert>
    </>
  );
}
