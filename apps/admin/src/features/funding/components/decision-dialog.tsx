import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';

export type Decision =
  { decision: 'approve'; payoutRef?: string } | { decision: 'reject'; reason: string };

/**
 * Asks for what a decision needs before it is sent: a reason the customer will read (reject), or
 * the payout reference of the transfer made (approving a withdrawal's payment).
 */
export function DecisionDialog({
  title,
  description,
  kind,
  onClose,
  onDecide,
}: {
  title: string;
  description: string;
  /** `reject`: a reason; `pay`: a payout reference; `approve`: nothing more. */
  kind: 'reject' | 'pay' | 'approve';
  onClose: () => void;
  onDecide: (decision: Decision) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const value = text.trim();
  const missing =
    kind !== 'approve' && (value.length === 0 || value.length > (kind === 'reject' ? 500 : 200));
  const error =
    checked && missing
      ? t(kind === 'reject' ? 'funding.reasonNeeded' : 'funding.payoutNeeded')
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (missing) return;
    setPending(true);
    setServerError(undefined);
    try {
      await onDecide(
        kind === 'reject'
          ? { decision: 'reject', reason: value }
          : kind === 'pay'
            ? { decision: 'approve', payoutRef: value }
            : { decision: 'approve' },
      );
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
      title={title}
      description={description}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        {kind === 'reject' ? (
          <TextAreaField
            label={t('funding.reason')}
            hint={t('funding.reasonHint')}
            rows={3}
            maxLength={500}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
        ) : kind === 'pay' ? (
          <TextField
            label={t('funding.payoutRef')}
            hint={t('funding.payoutRefHint')}
            maxLength={200}
            spellCheck={false}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant={kind === 'reject' ? 'danger' : 'primary'}
            pending={pending}
          >
            {t(kind === 'reject' ? 'funding.reject' : 'funding.approve')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
