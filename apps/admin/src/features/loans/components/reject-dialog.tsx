import { type AdminLoan, rejectLoan } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextAreaField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';

/** Rejects an application with the reason the customer reads. */
export function RejectDialog({
  loan,
  onClose,
  onDone,
}: {
  loan: AdminLoan;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(t('loans.reasonNeeded'));
      return;
    }
    setPending(true);
    try {
      await apiCall(rejectLoan, { params: { id: loan.id }, body: { reason }, quiet: true });
      toast.success(t('loans.rejected', { no: loan.loanNo }));
      onDone();
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('loans.rejectTitle', { no: loan.loanNo })}
      description={t('funding.rejectLead')}
    >
      <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        <TextAreaField
          label={t('loans.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          data-testid="loan-reason"
        />
        <Button type="submit" variant="danger" disabled={pending} data-testid="loan-reject-confirm">
          {t('funding.reject')}
        </Button>
      </form>
    </Modal>
  );
}
