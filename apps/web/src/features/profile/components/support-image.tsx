import type { SupportImage } from '@swx/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { supportApi } from '../api/support.api';

/**
 * An image of the conversation. Private to the customer and support, so it is fetched with the
 * session's Authorization header and shown through an object URL; a tap opens it full size.
 */
export function SupportImageThumb({ image }: { image: SupportImage }) {
  const { t } = useTranslation('profile');
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    supportApi.image(image.id, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.id]);

  // The box keeps the image's proportions before it arrives, so the list does not jump.
  const ratio = `${image.width} / ${image.height}`;
  if (state === 'loading') {
    return (
      <span
        aria-hidden="true"
        className="block w-56 max-w-full animate-pulse rounded-lg bg-line/60"
        style={{ aspectRatio: ratio }}
      />
    );
  }
  if (state === 'failed') {
    return (
      <span className="flex items-center gap-2 text-sm">
        <Icon name="image" />
        {t('support.imageFailed')}
      </span>
    );
  }
  const { url } = state;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="block overflow-hidden rounded-lg"
        aria-label={t('support.openImage')}
      >
        <img
          src={url}
          alt={t('support.imageAlt')}
          data-testid="support-image"
          className="w-56 max-w-full bg-white object-contain"
          style={{ aspectRatio: ratio }}
        />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('support.imageAlt')}>
        <img src={url} alt={t('support.imageAlt')} className="max-h-[70vh] w-full object-contain" />
      </Dialog>
    </>
  );
}
