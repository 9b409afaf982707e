import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { t } from '../../i18n/translate';
import { usePrivateImage } from '../api/use-private-image';
import { Button } from './button';

const boxClass =
  'flex h-48 w-full flex-col items-center justify-center gap-2 rounded-md border border-line bg-raised p-3 text-center text-xs text-muted';

/**
 * A private image (a KYC document, a deposit proof), fetched with the staff token: click or Enter
 * enlarges it; a format the browser cannot draw (JPEG 2000) is offered as a download instead.
 */
export function PrivateImage({
  path,
  label,
  alt,
  downloadName,
}: {
  path: string;
  /** What the image is ("Front of the document"). */
  label: string;
  alt: string;
  downloadName: string;
}) {
  const image = usePrivateImage(path);
  // The server accepts JPEG 2000, which most browsers cannot draw; then offer the file instead.
  const [undrawable, setUndrawable] = useState(false);

  if (image.status === 'loading') {
    return (
      <div className={`${boxClass} animate-pulse`} role="status">
        {t('image.loading', { what: label })}
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
        <span>{t('image.unsupported')}</span>
        <a href={image.url} download={downloadName} className="text-accent hover:underline">
          {t('image.download')}
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
          aria-label={t('image.enlarge', { what: label })}
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
