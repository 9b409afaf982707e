import { type AdminKycDetail, reviewKyc } from '@swx/contract';
import { type FormEvent, useRef, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextAreaField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { REASON_MAX, REASON_MIN, reasonError } from '../kyc.rules';

/** Rejection needs a reason the customer will read; the form checks it before sending. */
export function RejectDialog({
  submission,
  onClose,
  onRejected,
}: {
  submission: AdminKycDetail;
  onClose: () => void;
  onRejected: (submission: AdminKycDetail) => void;
}) {
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const error = reasonError(reason);
  const shownError = checked && error ? t(error, { min: REASON_MIN, max: REASON_MAX }) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (error) {
      field.current?.focus();
      return;
    }
    setPending(true);
    setServerError(undefined);
    try {
      const saved = await apiCall(reviewKyc, {
        params: { id: submission.id },
        body: { decision: 'reject', reason: reason.trim() },
        quiet: true,
      });
      onRejected(saved);
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
      title={t('kyc.reject.title', { id: submission.id })}
      description={t('kyc.reject.description')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        <TextAreaField
          ref={field}
          label={t('kyc.reject.reason')}
          hint={t('kyc.reject.reasonHint')}
          error={shownError}
          rows={4}
          required
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setChecked((was) => was || reason.length > 0)}
        />
        <p className="-mt-3 text-end text-xs text-muted tabular-nums" aria-hidden="true">
          {t('kyc.reject.count', { count: reason.trim().length, max: REASON_MAX })}
        </p>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="danger" pending={pending}>
            {t('kyc.reject.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
