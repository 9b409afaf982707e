import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useCountdown } from './use-countdown';

/**
 * "Send code": after a send it counts down to the moment the server accepts another request for
 * the same address (the reply's `resendAfter`), then offers "Resend code".
 */
export function CodeButton({
  resendAt,
  sentBefore,
  sending,
  onClick,
}: {
  /** Epoch ms from which another code may be sent, or null. */
  resendAt: number | null;
  sentBefore: boolean;
  sending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('auth');
  const remaining = useCountdown(resendAt);
  return (
    <Button
      variant="secondary"
      data-send-code=""
      className="min-h-11 shrink-0 px-3 tabular pointer-coarse:min-h-12 sm:min-w-36"
      disabled={remaining > 0}
      loading={sending}
      onClick={onClick}
    >
      {remaining > 0
        ? t('code.resendIn', { seconds: remaining })
        : sentBefore
          ? t('code.resend')
          : t('code.send')}
    </Button>
  );
}
