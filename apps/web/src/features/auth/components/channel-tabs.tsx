import type { Channel } from '@swx/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../shared/ui/tabs';

/**
 * Email or phone: the tab list switches which address field the form shows (the panel), the
 * rest of the form stays as it is. `emailLabel` lets the login form say "Email or username".
 */
export function ChannelTabs({
  channel,
  onChange,
  email,
  phone,
  emailLabel,
}: {
  channel: Channel;
  onChange: (channel: Channel) => void;
  email: ReactNode;
  phone: ReactNode;
  emailLabel?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Tabs
      fill
      label={t('channel.label')}
      value={channel}
      onValueChange={(value) => onChange(value === 'phone' ? 'phone' : 'email')}
      items={[
        {
          value: 'email',
          label: <span data-channel="email">{emailLabel ?? t('channel.email')}</span>,
          content: email,
        },
        {
          value: 'phone',
          label: <span data-channel="phone">{t('channel.phone')}</span>,
          content: phone,
        },
      ]}
    />
  );
}
