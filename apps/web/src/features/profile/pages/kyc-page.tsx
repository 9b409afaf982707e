import type { KycSubmission, UserInfo } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearQueryCache, useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { DateText } from '../../../shared/ui/date-text';
import { EmptyState } from '../../../shared/ui/list';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import { fetchIdentification, fetchUserInfo } from '../api/profile.api';
import { phoneOf } from '../components/contact';
import { KycFileThumb } from '../components/kyc-file-thumb';
import { KycForm } from '../components/kyc-form';
import { KycStatusCard } from '../components/kyc-status-card';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';
import { EMPTY_DRAFT, type KycDraft } from '../kyc-form.rules';

/** /profile/kyc: identity verification, its state, and the form when one may be submitted. */
export default function KycPage() {
  return (
    <RequireLogin>
      <Kyc />
    </RequireLogin>
  );
}

function draftFrom(previous: KycSubmission | null, user: UserInfo | undefined): KycDraft {
  if (previous) {
    return {
      firstName: previous.firstName,
      lastName: previous.lastName,
      sex: previous.sex,
      birthdate: previous.birthdate,
      country: previous.country,
      address: previous.address,
      phone: previous.phone,
      documentType: previous.documentType,
    };
  }
  const phone = user ? phoneOf(user) : null;
  return { ...EMPTY_DRAFT, phone: phone ?? '' };
}

function Kyc() {
  const { t } = useTranslation('profile');
  const submission = useApiQuery('profile/kyc', (signal) => fetchIdentification(signal));
  const user = useApiQuery('profile/user', (signal) => fetchUserInfo(signal), { silent: true });
  const [resubmitting, setResubmitting] = useState(false);
  // Accepted by the server: "pending" holds even if reloading the submission fails.
  const [submittedNow, setSubmittedNow] = useState(false);

  const refresh = () => {
    clearQueryCache();
    setResubmitting(false);
    submission.retry();
    user.retry();
  };

  const current = submission.data;
  let body;
  if (submittedNow && (submission.status !== 'success' || current?.status === 'rejected')) {
    body = (
      <KycStatusCard
        status="pending"
        reason={null}
        action={null}
        title={t('kyc.card.statusTitle')}
      />
    );
  } else if (submission.status === 'error' && current === undefined) {
    body = (
      <EmptyState
        icon="alert"
        title={t('common:state.loadFailed')}
        action={
          <Button variant="secondary" onClick={submission.retry}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (current === undefined || (current === null && user.status === 'loading')) {
    body = (
      <div role="status" aria-label={t('common:state.loading')} className="flex flex-col gap-4">
        <Skeleton className="h-28 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  } else if (current && (current.status !== 'rejected' || !resubmitting)) {
    body = <SubmissionView submission={current} onResubmit={() => setResubmitting(true)} />;
  } else {
    body = (
      <>
        {current?.status === 'rejected' ? (
          <KycStatusCard
            status="rejected"
            reason={current.reason}
            action={null}
            title={t('kyc.card.statusTitle')}
          />
        ) : (
          <p className="text-sm text-muted">{t('kyc.intro')}</p>
        )}
        <KycForm
          initial={draftFrom(current, user.data)}
          onSubmitted={() => {
            toast.success(t('kyc.submitted'));
            setSubmittedNow(true);
            refresh();
            window.scrollTo({ top: 0 });
          }}
          onStatusChanged={refresh}
        />
      </>
    );
  }

  return (
    <ProfileFrame>
      <title>{t('kyc.documentTitle')}</title>
      <ProfileHeading title={t('kyc.title')} lead={t('kyc.lead')} />
      {body}
    </ProfileFrame>
  );
}

function SubmissionView({
  submission,
  onResubmit,
}: {
  submission: KycSubmission;
  onResubmit: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  return (
    <div className="flex flex-col gap-4">
      <KycStatusCard
        status={submission.status}
        reason={submission.reason}
        title={t('kyc.card.statusTitle')}
        action={
          submission.status === 'rejected' ? (
            <Button onClick={onResubmit} data-testid="kyc-resubmit">
              {t('kyc.card.resubmit')}
            </Button>
          ) : null
        }
      />
      <section
        aria-labelledby="kyc-submitted"
        className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        <h2 id="kyc-submitted" className="mb-3 text-base font-semibold">
          {t('kyc.submittedDetails')}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('kyc.details.name')}</dt>
          <dd className="font-medium">
            <bdi>
              {submission.firstName} {submission.lastName}
            </bdi>
          </dd>
          <dt className="text-muted">{t('kyc.field.documentType')}</dt>
          <dd className="font-medium">{t(`kyc.document.${submission.documentType}`)}</dd>
          <dt className="text-muted">{t('kyc.details.submittedAt')}</dt>
          <dd className="font-medium">
            <DateText iso={submission.submittedAt} locale={i18n.language} />
          </dd>
          {submission.reviewedAt ? (
            <>
              <dt className="text-muted">{t('kyc.details.reviewedAt')}</dt>
              <dd className="font-medium">
                <DateText iso={submission.reviewedAt} locale={i18n.language} />
              </dd>
            </>
          ) : null}
        </dl>
        {submission.files.length > 0 ? (
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {submission.files.map((file) => (
              <KycFileThumb key={file.id} id={file.id} slot={file.slot} />
            ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
