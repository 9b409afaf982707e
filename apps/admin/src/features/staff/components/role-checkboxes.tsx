import { type StaffRole, StaffRole as StaffRoleSchema } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { orderedRoles } from '../staff.rules';

export function RoleCheckboxes({
  value,
  onChange,
  error,
  locked = [],
  lockedNote,
}: {
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
  /** Roles that stay as they are (an admin's own admin role). */
  locked?: readonly StaffRole[];
  lockedNote?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'roles-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('staff.roles')}</legend>
      {StaffRoleSchema.options.map((role) => (
        <CheckboxField
          key={role}
          label={t(`role.${role}`)}
          description={locked.includes(role) && lockedNote ? lockedNote : t(`roleInfo.${role}`)}
          disabled={locked.includes(role)}
          checked={value.includes(role)}
          onCheckedChange={(checked) =>
            onChange(orderedRoles(checked ? [...value, role] : value.filter((r) => r !== role)))
          }
        />
      ))}
      {error ? (
        <p id="roles-error" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
