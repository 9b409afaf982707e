import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { Button } from '../../../shared/ui/button';
import { useKycImage } from '../api/use-kyc-image';
import type { KycSlot } from '../kyc.rules';

const boxClass =
  'flex h-48 w-full flex-col items-center justify-center gap-2 rounded-md border border-line bg-raised p-3 text-center text-xs text-muted';

/** One slot of a submission: the image (click or Enter to enlarge), or why there is none. */
export function KycDocument({
  submissionId,
  slot,
  fileId,
}: {
  submissionId: number;
  slot: KycSlot;
  fileId: number | undefined;
}) {
  const label = t(`kyc.slot.${slot}`);
  return (
    <figure className="flex min-w-0 flex-col gap-1.5" data-slot={slot}>
      <figcaption className="text-xs font-semibold text-muted">{label}</figcaption>
      {fileId === undefined ? (
        <div className={`${boxClass} border-dashed`}>{t('kyc.slot.missing')}</div>
      ) : (
        <KycImage key={fileId} submissionId={submissionId} fileId={fileId} label={label} />
      )}
    </figure>
  );
}

function KycImage({
  submissionId,
  fileId,
  label,
}: {
  submissionId: number;
  fileId: number;
  label: string;
}) {
  const image = useKycImage(submissionId, fileId);
  // The server accepts JPEG 2000, which most browsers cannot draw; then offer the file instead.
  const [undrawable, setUndrawable] = useState(false);
  const alt = t('kyc.image.alt', { slot: label, id: submissionId });

  if (image.status === 'loading') {
    return (
      <div className={`${boxClass} animate-pulse`} role="status">
        {t('kyc.image.loading', { slot: label })}
      </div>
    );
  }
  if (image.status === 'failed') {
    return (
      <div className={boxClass} role="alert">
        <span>{image.message}</span>
        <Button size="sm" onClick={image.retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (undrawable) {
    return (
      <div className={boxClass}>
        <span>{t('kyc.image.unsupported')}</span>
        <a
          href={image.url}
          download={`kyc-${submissionId}-${fileId}`}
          className="text-accent hover:underline"
        >
          {t('kyc.image.download')}
        </a>
      </div>
    );
  }

  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="block w-full cursor-zoom-in rounded-md border border-line bg-raised"
          aria-label={t('kyc.image.enlarge', { slot: label })}
        >
          <img
            src={image.url}
            alt={alt}
            className="h-48 w-full rounded-md object-contain"
            onError={() => setUndrawable(true)}
          />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[min(72rem,calc(100vw-2rem))] flex-col gap-3 rounded-lg border border-line bg-surface p-4 text-fg shadow-xl"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-base font-semibold">{label}</Dialog.Title>
            <Dialog.Close asChild>
              <Button size="sm">{t('common.close')}</Button>
            </Dialog.Close>
          </div>
          <img
            src={image.url}
            alt={alt}
            className="max-h-[calc(100dvh-8rem)] w-full object-contain"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
