import type { KycFileSlot } from '@swx/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchKycFile } from '../api/profile.api';

/**
 * One submitted KYC image. Served only to its owner, so it is fetched with the session's
 * Authorization header and shown through an object URL (a plain <img src> would carry no token).
 */
export function KycFileThumb({ id, slot }: { id: number; slot: KycFileSlot }) {
  const { t } = useTranslation('profile');
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'ready'; url: string; previewable: boolean } | { kind: 'failed' }
  >({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ kind: 'loading' });
    fetchKycFile(id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ kind: 'ready', url, previewable: blob.type !== 'image/jp2' });
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  const label = t(`kyc.slot.${slot}`);
  return (
    <figure className="flex flex-col gap-1">
      <div className="flex aspect-[3/2] items-center justify-center overflow-hidden rounded-lg border border-line bg-subtle">
        {state.kind === 'loading' ? (
          <Skeleton className="size-full rounded-none" />
        ) : state.kind === 'ready' && state.previewable ? (
          <img src={state.url} alt={label} className="size-full bg-white object-contain" />
        ) : (
          <Icon name="document" className="size-8 text-muted" />
        )}
      </div>
      <figcaption className="text-xs text-muted">{label}</figcaption>
    </figure>
  );
}
