import { assignSupport, listSupportAgents, type StaffConversation } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { controlClass } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toast-store';

/** "Assign to me" and the assignee picker of a conversation; `onChanged` gets the server's reply. */
export function AssignControls({
  conversation,
  onChanged,
}: {
  conversation: StaffConversation;
  onChanged: (next: StaffConversation) => void;
}) {
  const { me } = useSession();
  const agents = useApiQuery(listSupportAgents, {});
  const [pending, setPending] = useState<'self' | 'other'>();
  const assignee = conversation.assignee;
  const options = [...(agents.data ?? [])];
  if (assignee && !options.some((a) => a.id === assignee.id)) options.push(assignee);

  const assign = async (staffId: number | null | undefined, which: 'self' | 'other') => {
    setPending(which);
    try {
      const next = await apiCall(assignSupport, {
        params: { id: conversation.id },
        body: staffId === undefined ? {} : { staffId },
      });
      onChanged(next);
      toast.success(
        next.assignee
          ? t('support.detail.assignedTo', { name: next.assignee.username })
          : t('support.detail.unassignedDone'),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setPending(undefined);
    }
  };

  return (
    <>
      {me && assignee?.id !== me.id ? (
        <Button
          size="sm"
          pending={pending === 'self'}
          data-testid="support-assign-self"
          onClick={() => void assign(undefined, 'self')}
        >
          {t('support.detail.assignSelf')}
        </Button>
      ) : null}
      <label className="flex items-center gap-1.5 text-sm">
        <span className="text-muted">{t('support.assignee')}</span>
        <select
          data-testid="support-assign"
          className={`${controlClass} w-auto py-1`}
          value={assignee?.id ?? ''}
          disabled={pending !== undefined}
          onChange={(event) =>
            void assign(event.target.value === '' ? null : Number(event.target.value), 'other')
          }
        >
          <option value="">{t('support.unassigned')}</option>
          {options.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.username}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
