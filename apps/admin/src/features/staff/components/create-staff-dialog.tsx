import { createStaff, type StaffMember, type StaffRole } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { rolesError, usernameError } from '../staff.rules';
import { OneTimePasswordPanel } from './one-time-password-panel';
import { RoleCheckboxes } from './role-checkboxes';

export function CreateStaffDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (member: StaffMember) => void;
}) {
  const [username, setUsername] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ member: StaffMember; password: string }>();

  const reset = () => {
    setUsername('');
    setRoles([]);
    setSubmitted(false);
    setServerError(undefined);
    setCreated(undefined);
  };
  const close = () => {
    onOpenChange(false);
    reset();
  };

  const nameError = usernameError(username);
  const roleError = rolesError(roles);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError || roleError) return;
    setPending(true);
    setServerError(undefined);
    try {
      const reply = await apiCall(createStaff, {
        body: { username: username.trim(), roles },
        quiet: true,
      });
      setCreated({ member: reply.member, password: reply.oneTimePassword });
      onCreated(reply.member);
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={created ? t('staff.created.title') : t('staff.create.title')}
      description={created ? undefined : t('staff.create.description')}
      dismissible={!created}
    >
      {created ? (
        <OneTimePasswordPanel
          username={created.member.username}
          password={created.password}
          onDone={close}
        />
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
          <TextField
            label={t('staff.username')}
            hint={t('staff.usernameHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value.toLowerCase())}
            error={submitted && nameError ? t(nameError) : undefined}
          />
          <RoleCheckboxes
            value={roles}
            onChange={setRoles}
            error={submitted && roleError ? t(roleError) : undefined}
          />
          <div className="flex justify-end gap-2">
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="primary" pending={pending}>
              {t('staff.create.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
