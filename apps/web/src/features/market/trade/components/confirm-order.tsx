import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../../shared/api/error-message';
import { Button } from '../../../../shared/ui/button';
import { Dialog } from '../../../../shared/ui/dialog';
import { toast } from '../../../../shared/ui/toast-store';
import { bumpTradingData } from './use-trade-data';

export interface PendingOrder {
  title: string;
  terms: ReactNode;
  /** Places the order with the key of this confirmation (the same key on a retry). */
  place: (idempotencyKey: string) => Promise<unknown>;
  done: string;
}

/**
 * The terms of an order before money moves, and the one button that places it. A confirmation has
 * one Idempotency-Key: pressing again after a lost reply cannot place the order twice.
 */
export function ConfirmOrder({
  pending,
  onClose,
  onPlaced,
}: {
  pending: PendingOrder | null;
  onClose: () => void;
  /** After the order is placed (the phone sheet closes, so the orders below show it). */
  onPlaced?: () => void;
}) {
  const { t, i18n } = useTranslation('trade');
  const [busy, setBusy] = useState(false);
  const key = useRef<{ for: PendingOrder | null; value: string }>({ for: null, value: '' });
  if (pending && key.current.for !== pending)
    key.current = { for: pending, value: crypto.randomUUID() };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.place(key.current.value);
      bumpTradingData();
      toast.success(pending.done);
      onClose();
      onPlaced?.();
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={pending?.title ?? ''}
      description={t('confirm.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('confirm.back')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} data-testid="confirm-order">
            {busy ? t('confirm.placing') : t('confirm.place')}
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-line">{pending?.terms}</dl>
    </Dialog>
  );
}
