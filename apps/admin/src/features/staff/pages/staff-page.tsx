import { listStaff, resetStaffCredentials, type StaffMember, updateStaff } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { sessionStore } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { ConfirmDialog, Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { CreateStaffDialog } from '../components/create-staff-dialog';
import { EditRolesDialog } from '../components/edit-roles-dialog';
import { OneTimePasswordPanel } from '../components/one-time-password-panel';

type Pending =
  | { kind: 'roles'; member: StaffMember }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'reset'; member: StaffMember }
  | { kind: 'password'; member: StaffMember; password: string };

const COLUMNS = 7;

export function StaffPage() {
  useDocumentTitle(t('nav.staff'));
  const { me } = useSession();
  const staff = useApiQuery(listStaff, {});
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const [enabling, setEnabling] = useState<number>();

  const replace = (member: StaffMember) => {
    // One's own roles also drive the sidebar.
    if (me && member.id === me.id) sessionStore.setMe({ ...me, roles: member.roles });
    staff.setData((list) =>
      list?.some((m) => m.id === member.id)
        ? list.map((m) => (m.id === member.id ? member : m))
        : [...(list ?? []), member],
    );
  };

  const setStatus = async (member: StaffMember, status: StaffMember['status']) => {
    setBusy(true);
    if (status === 'active') setEnabling(member.id);
    try {
      const saved = await apiCall(updateStaff, { params: { id: member.id }, body: { status } });
      replace(saved);
      toast.success(
        t(status === 'disabled' ? 'staff.disabled' : 'staff.enabled', { username: saved.username }),
      );
      setPending(undefined);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
      setEnabling(undefined);
    }
  };

  const resetCredentials = async (member: StaffMember) => {
    setBusy(true);
    try {
      const reply = await apiCall(resetStaffCredentials, { params: { id: member.id } });
      replace(reply.member);
      setPending({ kind: 'password', member: reply.member, password: reply.oneTimePassword });
    } catch {
      setPending(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('nav.staff')}
        description={t('staff.description')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('staff.create.open')}
          </Button>
        }
      />
      <DataTable caption={t('staff.caption')}>
        <thead>
          <tr>
            <Th>{t('staff.username')}</Th>
            <Th>{t('staff.roles')}</Th>
            <Th>{t('staff.status')}</Th>
            <Th>{t('staff.totp')}</Th>
            <Th>{t('staff.password')}</Th>
            <Th>{t('staff.createdAt')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            loading={staff.loading && !staff.data}
            failed={Boolean(staff.error) && !staff.data}
            onRetry={staff.reload}
          />
          {staff.data?.map((member) => {
            const self = member.id === me?.id;
            return (
              <tr key={member.id} className="hover:bg-raised/60">
                <Td className="font-medium">
                  {member.username}
                  {self ? (
                    <span className="ms-1.5 text-xs text-muted">{t('staff.you')}</span>
                  ) : null}
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-1">
                    {member.roles.map((role) => (
                      <Badge key={role}>{t(`role.${role}`)}</Badge>
                    ))}
                  </div>
                </Td>
                <Td>
                  <Badge tone={member.status === 'active' ? 'success' : 'danger'}>
                    {t(`staff.statusValue.${member.status}`)}
                  </Badge>
                </Td>
                <Td>
                  {member.totpEnrolled ? (
                    <Badge tone="success">{t('staff.totpEnrolled')}</Badge>
                  ) : (
                    <Badge tone="warning">{t('staff.totpPending')}</Badge>
                  )}
                </Td>
                <Td>
                  {member.mustChangePassword ? (
                    <Badge tone="warning">{t('staff.passwordOneTime')}</Badge>
                  ) : (
                    <span className="text-muted">{t('staff.passwordSet')}</span>
                  )}
                </Td>
                <Td>
                  <TimeStamp iso={member.createdAt} dateOnly />
                </Td>
                <Td>
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button
                      size="sm"
                      onClick={() => setPending({ kind: 'roles', member })}
                      aria-label={t('staff.actions.rolesFor', { username: member.username })}
                    >
                      {t('staff.actions.roles')}
                    </Button>
                    {/* Nobody disables or resets themselves: that is how an office locks itself out. */}
                    {self ? null : (
                      <>
                        {member.status === 'active' ? (
                          <Button
                            size="sm"
                            onClick={() => setPending({ kind: 'disable', member })}
                            aria-label={t('staff.actions.disableFor', {
                              username: member.username,
                            })}
                          >
                            {t('staff.actions.disable')}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            pending={enabling === member.id}
                            onClick={() => void setStatus(member, 'active')}
                            aria-label={t('staff.actions.enableFor', { username: member.username })}
                          >
                            {t('staff.actions.enable')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          onClick={() => setPending({ kind: 'reset', member })}
                          aria-label={t('staff.actions.resetFor', { username: member.username })}
                        >
                          {t('staff.actions.reset')}
                        </Button>
                      </>
                    )}
                  </div>
                </Td>
              </tr>
            );
          })}
          {staff.data?.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('staff.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>

      <CreateStaffDialog open={creating} onOpenChange={setCreating} onCreated={replace} />

      {pending?.kind === 'roles' ? (
        <EditRolesDialog
          key={pending.member.id}
          member={pending.member}
          self={pending.member.id === me?.id}
          onClose={() => setPending(undefined)}
          onSaved={replace}
        />
      ) : null}

      <ConfirmDialog
        open={pending?.kind === 'disable'}
        onOpenChange={(open) => (open ? undefined : setPending(undefined))}
        title={t('staff.disable.title', { username: pending?.member.username ?? '' })}
        description={t('staff.disable.description')}
        confirmLabel={t('staff.actions.disable')}
        pending={busy}
        onConfirm={() => pending && void setStatus(pending.member, 'disabled')}
      />

      <ConfirmDialog
        open={pending?.kind === 'reset'}
        onOpenChange={(open) => (open ? undefined : setPending(undefined))}
        title={t('staff.reset.title', { username: pending?.member.username ?? '' })}
        description={t('staff.reset.description')}
        confirmLabel={t('staff.reset.confirm')}
        pending={busy}
        onConfirm={() => pending && void resetCredentials(pending.member)}
      />

      <Modal
        open={pending?.kind === 'password'}
        onOpenChange={(open) => (open ? undefined : setPending(undefined))}
        title={t('staff.reset.done', { username: pending?.member.username ?? '' })}
        dismissible={false}
      >
        {pending?.kind === 'password' ? (
          <OneTimePasswordPanel
            username={pending.member.username}
            password={pending.password}
            onDone={() => setPending(undefined)}
          />
        ) : null}
      </Modal>
    </>
  );
}
