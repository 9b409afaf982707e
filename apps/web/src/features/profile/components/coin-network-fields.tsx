import { FundingCoin, NETWORKS_OF, type FundingNetwork } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { SelectField } from './form-fields';

/** The coin and its network side by side; a new coin takes its first network. */
export function CoinNetworkFields({
  coin,
  network,
  onChange,
  testIdPrefix,
}: {
  coin: FundingCoin;
  network: FundingNetwork;
  onChange: (coin: FundingCoin, network: FundingNetwork) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectField
        label={t('funding.withdraw.coin')}
        value={coin}
        onChange={(event) => {
          const next = FundingCoin.parse(event.target.value);
          onChange(next, NETWORKS_OF[next][0] ?? 'TRC20');
        }}
        options={FundingCoin.options.map((c) => ({ value: c, label: c }))}
        data-testid={`${testIdPrefix}-coin`}
      />
      <SelectField
        label={t('funding.withdraw.network')}
        value={network}
        onChange={(event) =>
          onChange(coin, NETWORKS_OF[coin].find((n) => n === event.target.value) ?? network)
        }
        options={NETWORKS_OF[coin].map((n) => ({ value: n, label: n }))}
        data-testid={`${testIdPrefix}-network`}
      />
    </div>
  );
}
