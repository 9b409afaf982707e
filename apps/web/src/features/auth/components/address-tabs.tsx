import type { Channel } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/text-field';
import type { AuthField } from '../auth-validation';
import { ChannelTabs } from './channel-tabs';
import { PhoneField } from './phone-field';

/** What the address tabs read from and write to a form of `useAuthForm`. */
export interface AddressForm {
  set: (field: 'email' | 'phone' | 'country', value: string) => void;
  errorOf: (field: AuthField) => string | undefined;
}

/**
 * Where a code goes, as the register and reset forms ask for it: an email address, or a mobile
 * number with its calling code. `onLeave` runs when a field is left (the register form checks
 * whether the address is taken; the reset form only shows the field's problem).
 */
export function AddressTabs({
  channel,
  onChannel,
  values,
  form,
  onLeave,
}: {
  channel: Channel;
  onChannel: (channel: Channel) => void;
  values: { email: string; phone: string; country: string };
  form: AddressForm;
  onLeave: (field: 'email' | 'phone') => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <ChannelTabs
      channel={channel}
      onChange={onChannel}
      email={
        <TextField
          label={t('field.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          value={values.email}
          error={form.errorOf('email')}
          onChange={(event) => form.set('email', event.target.value)}
          onBlur={() => onLeave('email')}
        />
      }
      phone={
        <PhoneField
          label={t('field.phone')}
          name="phone"
          value={values.phone}
          country={values.country}
          onCountryChange={(country) => form.set('country', country)}
          areaCodeError={form.errorOf('areaCode')}
          error={form.errorOf('phone')}
          onChange={(event) => form.set('phone', event.target.value)}
          onBlur={() => onLeave('phone')}
        />
      }
    />
  );
}
