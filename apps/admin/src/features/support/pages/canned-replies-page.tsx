import { type CannedReply, deleteCannedReply, listCannedReplies } from '@swx/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { ConfirmDialog } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { CannedReplyDialog } from '../components/canned-reply-dialog';
import { CANNED_LOCALES } from '../support.rules';

/**
 * Canned replies: every agent reads them (and inserts them in a conversation); admins create,
 * edit and delete them (the server lets only admins save).
 */
export function CannedRepliesPage() {
  useDocumentTitle(t('support.canned.title'));
  const { me } = useSession();
  const admin = me?.roles.includes('admin') ?? false;
  const replies = useApiQuery(listCannedReplies, {});
  const [editing, setEditing] = useState<CannedReply | 'new'>();
  const [deleting, setDeleting] = useState<CannedReply>();
  const [pending, setPending] = useState(false);
  const columns = admin ? 4 : 3;

  const remove = async (reply: CannedReply) => {
    setPending(true);
    try {
      await apiCall(deleteCannedReply, { params: { id: reply.id } });
      toast.success(t('support.canned.deleted', { title: reply.title }));
      setDeleting(undefined);
      replies.setData((list) => list?.filter((r) => r.id !== reply.id));
    } catch {
      // The client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  const data = replies.data;
  return (
    <>
      <Link to="/support" className="mb-2 inline-block text-sm text-accent hover:underline">
        {t('support.detail.back')}
      </Link>
      <PageHeader
        title={t('support.canned.title')}
        description={t('support.canned.description')}
        actions={
          admin ? (
            <Button variant="primary" data-testid="canned-new" onClick={() => setEditing('new')}>
              {t('support.canned.new')}
            </Button>
          ) : null
        }
      />
      {admin ? null : (
        <InlineAlert tone="info" className="mb-3">
          {t('support.canned.readOnly')}
        </InlineAlert>
      )}
      <DataTable caption={t('support.canned.title')}>
        <thead>
          <tr>
            <Th>{t('support.canned.titleField')}</Th>
            <Th>{t('support.canned.english')}</Th>
            <Th>{t('support.canned.updated')}</Th>
            {admin ? (
              <Th>
                <span className="sr-only">{t('common.actions')}</span>
              </Th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={columns}
            rows={4}
            loading={replies.loading && !data}
            failed={Boolean(replies.error) && !data}
            onRetry={replies.reload}
          />
          {data?.map((reply) => {
            const missing = CANNED_LOCALES.filter((l) => !reply.texts[l]?.trim()).length;
            return (
              <tr key={reply.id} data-testid="canned-row" data-title={reply.title}>
                <Td className="font-medium">
                  {reply.title}
                  {missing > 0 ? (
                    <span className="block text-xs font-normal text-warning">
                      {t('support.canned.missing', { count: missing })}
                    </span>
                  ) : null}
                </Td>
                <Td className="max-w-[36rem]">
                  <span className="line-clamp-2 whitespace-pre-wrap">{reply.texts.en}</span>
                </Td>
                <Td className="text-xs">
                  <TimeStamp iso={reply.updatedAt} />
                </Td>
                {admin ? (
                  <Td className="whitespace-nowrap">
                    <div className="flex justify-end gap-1.5">
                      <Button
                        size="sm"
                        aria-label={t('support.canned.editFor', { title: reply.title })}
                        onClick={() => setEditing(reply)}
                      >
                        {t('common.edit')}
                      </Button>
                      <Button
                        size="sm"
                        aria-label={t('support.canned.deleteFor', { title: reply.title })}
                        onClick={() => setDeleting(reply)}
                      >
                        {t('support.canned.delete')}
                      </Button>
                    </div>
                  </Td>
                ) : null}
              </tr>
            );
          })}
          {data?.length === 0 ? (
            <MessageRow columns={columns}>{t('support.canned.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      {editing ? (
        <CannedReplyDialog
          reply={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            toast.success(t('support.canned.saved', { title: saved.title }));
            replies.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title={t('support.canned.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('support.canned.deleteLead')}
        confirmLabel={t('support.canned.delete')}
        pending={pending}
        onConfirm={() => (deleting ? void remove(deleting) : undefined)}
      />
    </>
  );
}
