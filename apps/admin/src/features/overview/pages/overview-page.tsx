import { StaffRole } from '@swx/contract';
import { Link } from 'react-router';
import type { MessageKey } from '../../../i18n/en';
import { t } from '../../../i18n/translate';
import { canUse, type Section } from '../../../shared/session/sections';
import { useSession } from '../../../shared/session/use-session';
import { Badge } from '../../../shared/ui/badge';
import { buttonClass } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

const SECTIONS: readonly { section: Section; to: string; title: MessageKey; body: MessageKey }[] = [
  { section: 'users', to: '/users', title: 'nav.users', body: 'overview.users' },
  { section: 'support', to: '/support', title: 'nav.support', body: 'overview.support' },
  { section: 'kyc', to: '/kyc', title: 'nav.kyc', body: 'overview.kyc' },
  { section: 'outbox', to: '/outbox', title: 'nav.outbox', body: 'overview.outbox' },
  { section: 'staff', to: '/staff', title: 'nav.staff', body: 'overview.staff' },
  {
    section: 'parameters',
    to: '/parameters',
    title: 'nav.parameters',
    body: 'overview.parameters',
  },
  {
    section: 'instruments',
    to: '/instruments',
    title: 'nav.instruments',
    body: 'overview.instruments',
  },
  { section: 'content', to: '/content', title: 'nav.content', body: 'overview.content' },
  { section: 'audit', to: '/audit', title: 'nav.audit', body: 'overview.audit' },
];

export function OverviewPage() {
  const { me } = useSession();
  useDocumentTitle(t('nav.overview'));
  if (!me) return null;
  const sections = SECTIONS.filter((s) => canUse(s.section, me.roles));

  return (
    <>
      <PageHeader
        title={t('overview.title', { username: me.username })}
        description={t('overview.description')}
        actions={
          <Link to="/change-password" className={buttonClass('secondary', 'sm')}>
            {t('password.title')}
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <section
          aria-labelledby="you-heading"
          className="rounded-lg border border-line bg-surface p-4"
        >
          <h2 id="you-heading" className="text-sm font-semibold">
            {t('overview.you')}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('overview.username')}</dt>
            <dd className="font-medium">{me.username}</dd>
            <dt className="text-muted">{t('overview.staffId')}</dt>
            <dd>{me.id}</dd>
            <dt className="text-muted">{t('overview.roles')}</dt>
            <dd className="flex flex-wrap gap-1">
              {me.roles.map((role) => (
                <Badge key={role} tone="accent">
                  {t(`role.${role}`)}
                </Badge>
              ))}
            </dd>
          </dl>
          <h3 className="mt-4 text-xs font-semibold text-muted">{t('overview.rolesExplained')}</h3>
          <ul className="mt-1 flex flex-col gap-1 text-xs text-muted">
            {StaffRole.options.map((role) => (
              <li key={role}>
                <span className={me.roles.includes(role) ? 'font-semibold text-fg' : ''}>
                  {t(`role.${role}`)}
                </span>
                {' — '}
                {t(`roleInfo.${role}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sections-heading">
          <h2 id="sections-heading" className="sr-only">
            {t('overview.sections')}
          </h2>
          {sections.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">
              {t('overview.noSections')}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {sections.map((s) => (
                <li key={s.section}>
                  <Link
                    to={s.to}
                    className="block h-full rounded-lg border border-line bg-surface p-4 hover:border-accent"
                  >
                    <span className="text-sm font-semibold">{t(s.title)}</span>
                    <span className="mt-1 block text-sm text-muted">{t(s.body)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
