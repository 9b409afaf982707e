import { type LoginStep, staffLogin } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';

export function CredentialsForm({
  initialUsername,
  onStep,
}: {
  initialUsername: string;
  onStep: (step: LoginStep, username: string) => void;
}) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const gaps = { username: !name, password: !password };
    setMissing(gaps);
    if (gaps.username || gaps.password) return;
    setPending(true);
    setError(undefined);
    try {
      const step = await apiCall(staffLogin, { body: { username: name, password }, quiet: true });
      onStep(step, name);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
      setPassword('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      {error ? <InlineAlert>{error}</InlineAlert> : null}
      <TextField
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={missing.username ? t('auth.errors.usernameRequired') : undefined}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing.password ? t('auth.errors.passwordRequired') : undefined}
      />
      <Button type="submit" variant="primary" pending={pending}>
        {t('auth.continue')}
      </Button>
    </form>
  );
}
