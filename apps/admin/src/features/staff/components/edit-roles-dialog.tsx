import { type StaffMember, type StaffRole, updateStaff } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { rolesError } from '../staff.rules';
import { RoleCheckboxes } from './role-checkboxes';

/** Mounted per member (keyed), so the checkboxes start from that member's roles. */
export function EditRolesDialog({
  member,
  self,
  onClose,
  onSaved,
}: {
  member: StaffMember;
  /** Editing one's own roles: the admin role stays (the server refuses dropping it too). */
  self: boolean;
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}) {
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const error = rolesError(roles);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    setPending(true);
    setServerError(undefined);
    try {
      const saved = await apiCall(updateStaff, {
        params: { id: member.id },
        body: { roles },
        quiet: true,
      });
      onSaved(saved);
      toast.success(t('staff.roles.saved', { username: saved.username }));
      onClose();
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('staff.roles.title', { username: member.username })}
      description={t('staff.roles.description')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        <RoleCheckboxes
          value={roles}
          onChange={setRoles}
          error={error ? t(error) : undefined}
          locked={self ? ['admin'] : []}
          lockedNote={t('staff.roles.ownAdmin')}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" pending={pending} disabled={Boolean(error)}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
