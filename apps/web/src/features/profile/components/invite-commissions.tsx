import type { InviteCommission } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { formatMoney } from '../../../shared/format/format-money';
import { formatInteger, formatShare } from '../../../shared/format/format-number';
import { Num } from '../../../shared/ui/num';
import { fetchCommissions } from '../api/profile.api';
import { Figure, PagedList } from './paged-list';

/** The commissions paid to the customer, newest day first: the friends' fees, the level, the pay. */
export function InviteCommissions() {
  const { t } = useTranslation('profile');
  return (
    <section aria-labelledby="invite-commissions" className="flex flex-col gap-2">
      <h2 id="invite-commissions" className="text-base font-semibold">
        {t('invite.commissions.title')}
      </h2>
      <PagedList
        queryKey="invite/commissions"
        load={fetchCommissions}
        empty={t('invite.commissions.empty')}
        render={(row) => <CommissionRow row={row} />}
        testId="invite-commissions"
      />
    </section>
  );
}

function CommissionRow({ row }: { row: InviteCommission }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.language;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2" data-day={row.day}>
      <Figure label={t('invite.commissions.day')}>
        {formatDate(`${row.day}T00:00:00Z`, locale, 'UTC')}
      </Figure>
      <Figure label={t('invite.commissions.fees')}>
        <Num>{formatMoney(row.fees, row.asset, locale)}</Num>
      </Figure>
      <Figure label={t('invite.commissions.level')}>
        {t('invite.commissions.levelRate', {
          level: formatInteger(row.level, locale),
          rate: formatShare(row.rate, locale),
        })}
      </Figure>
      <Figure label={t('invite.commissions.amount')}>
        <Num className="font-semibold text-success">
          {`+${formatMoney(row.amount, row.asset, locale)}`}
        </Num>
      </Figure>
    </div>
  );
}
