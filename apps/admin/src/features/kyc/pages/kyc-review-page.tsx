import { type AdminKycDetail, getKyc, reviewKyc } from '@swx/contract';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/date-time.format';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { ConfirmDialog } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { KycDocument } from '../components/kyc-document';
import { KycStatusBadge } from '../components/kyc-status-badge';
import { RejectDialog } from '../components/reject-dialog';
import { SubmissionFields } from '../components/submission-fields';
import { documentSlots } from '../kyc.rules';

/** Back to the queue as it was left (its status tab and page), when the queue linked here. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  if (typeof state === 'object' && state !== null && 'back' in state) {
    const back = state.back;
    if (typeof back === 'string' && back.startsWith('/kyc')) return back;
  }
  return '/kyc';
}

function BackLink() {
  return (
    <Link to={useBackTo()} className="mb-2 inline-block text-sm text-accent hover:underline">
      {t('kyc.detail.back')}
    </Link>
  );
}

function Decision({ submission }: { submission: AdminKycDetail }) {
  if (submission.status === 'pending') return null;
  const values = {
    when: submission.reviewedAt ? formatDateTime(submission.reviewedAt) : '—',
    reviewer: submission.reviewer ?? t('kyc.decided.unknownReviewer'),
  };
  return (
    <InlineAlert
      tone={submission.status === 'verified' ? 'success' : 'warning'}
      className="mb-4 flex flex-col gap-1"
    >
      <span data-testid="kyc-decision">
        {t(
          submission.status === 'verified' ? 'kyc.decided.verified' : 'kyc.decided.rejected',
          values,
        )}
      </span>
      {submission.reason ? (
        <span>
          <span className="font-semibold">{t('kyc.decided.reason')}</span> {submission.reason}
        </span>
      ) : null}
    </InlineAlert>
  );
}

function KycReview({ id }: { id: number }) {
  const submission = useApiQuery(getKyc, { params: { id } });
  const navigate = useNavigate();
  const back = useBackTo();
  const [asking, setAsking] = useState<'approve' | 'reject'>();
  const [approving, setApproving] = useState(false);
  const approveButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const item = submission.data;
  useDocumentTitle(t(item ? 'kyc.detail.title' : 'nav.kyc', { id }));

  const cancel = () => {
    const button = asking === 'reject' ? rejectButton : approveButton;
    setAsking(undefined);
    requestAnimationFrame(() => button.current?.focus());
  };

  // The review is done: the next one is in the queue.
  const reviewed = (saved: AdminKycDetail) => {
    setAsking(undefined);
    toast.success(
      t(saved.status === 'rejected' ? 'kyc.reject.done' : 'kyc.approve.done', { id: saved.id }),
    );
    void navigate(back);
  };

  const approve = async () => {
    setApproving(true);
    try {
      reviewed(await apiCall(reviewKyc, { params: { id }, body: { decision: 'approve' } }));
    } catch {
      // The client showed the server's message. Another reviewer may have decided meanwhile.
      setAsking(undefined);
      submission.reload();
    } finally {
      setApproving(false);
    }
  };

  if (!item) {
    if (submission.error) {
      return (
        <div className="flex flex-col items-start gap-3">
          <BackLink />
          <InlineAlert>{submission.error.message}</InlineAlert>
          <Button onClick={submission.reload}>{t('common.retry')}</Button>
        </div>
      );
    }
    return (
      <>
        <BackLink />
        <p className="text-sm text-muted" role="status">
          {t('common.loading')}
        </p>
      </>
    );
  }

  const pending = item.status === 'pending';
  return (
    <>
      <BackLink />
      <PageHeader
        title={t('kyc.detail.title', { id: item.id })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-xs">{t('kyc.customer')}</span>
            <Link
              to={`/users/${item.userId}`}
              className="text-accent hover:underline"
              data-testid="kyc-username"
            >
              {item.username}
            </Link>
            <span data-testid="kyc-status">
              <KycStatusBadge status={item.status} />
            </span>
            <TimeStamp iso={item.submittedAt} />
          </span>
        }
        actions={
          pending ? (
            <>
              <Button ref={approveButton} variant="primary" onClick={() => setAsking('approve')}>
                {t('kyc.approve')}
              </Button>
              <Button ref={rejectButton} variant="danger" onClick={() => setAsking('reject')}>
                {t('kyc.reject')}
              </Button>
            </>
          ) : null
        }
      />
      <Decision submission={item} />
      <div className="grid gap-4 xl:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
        <SubmissionFields submission={item} />
        <section aria-labelledby="kyc-documents-heading">
          <h2 id="kyc-documents-heading" className="mb-2 text-sm font-semibold">
            {t('kyc.detail.documents')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
            {documentSlots(item).map(({ slot, fileId }) => (
              <KycDocument key={slot} submissionId={item.id} slot={slot} fileId={fileId} />
            ))}
          </div>
        </section>
      </div>

      <ConfirmDialog
        open={asking === 'approve'}
        onOpenChange={(open) => (open ? undefined : cancel())}
        title={t('kyc.approve.title', { id: item.id })}
        description={t('kyc.approve.description', { username: item.username })}
        confirmLabel={t('kyc.approve')}
        tone="primary"
        pending={approving}
        onConfirm={() => void approve()}
      />
      {asking === 'reject' ? (
        <RejectDialog submission={item} onClose={cancel} onRejected={reviewed} />
      ) : null}
    </>
  );
}

export function KycReviewPage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (Number.isInteger(numeric) && numeric > 0) return <KycReview key={numeric} id={numeric} />;
  return (
    <>
      <BackLink />
      <InlineAlert>{t('kyc.detail.badId')}</InlineAlert>
    </>
  );
}
