import type { KycFileSlot } from '@swx/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-number';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { Spinner } from '../../../shared/ui/spinner';
import { canvasImageDeps } from '../image-decoder';
import { prepareKycImage, type ImageProblem, type KycImageType } from '../kyc-image.rules';
import { CameraDialog, cameraSupported } from './camera-dialog';
import { ProfileIcon } from './profile-icons';
import { SignaturePadDialog } from './signature-pad-dialog';

/** What the file picker offers: the three formats, by type and by the usual extensions. */
export const KYC_ACCEPT =
  'image/jpeg,image/png,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.j2k,.jpf,.jpx,.j2c';

export interface SlotImage {
  blob: Blob;
  /** Object URL for the preview (JPEG 2000 cannot be previewed by most browsers). */
  url: string | null;
  type: KycImageType;
  resized: boolean;
}

/**
 * One image of the KYC form: choose a file, take a photo (or draw, for the signature), see it,
 * replace or remove it. Every image goes through the same checks (magic bytes, 2 MB, resize).
 */
export function ImageSlot({
  slot,
  image,
  onChange,
  error,
}: {
  slot: KycFileSlot;
  image: SlotImage | undefined;
  onChange: (image: SlotImage | undefined) => void;
  /** Already translated ("Please upload this image"). */
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation('profile');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [camera, setCamera] = useState(false);
  const [pad, setPad] = useState(false);
  const signature = slot === 'signature';
  const message = problem ? t(`kyc.image.${problem}`) : error;
  const messageId = message ? `${id}-error` : undefined;

  const accept = async (file: Blob) => {
    setBusy(true);
    setProblem(null);
    try {
      const prepared = await prepareKycImage(file, canvasImageDeps);
      if (!prepared.ok) {
        setProblem(prepared.problem);
        return;
      }
      if (image?.url) URL.revokeObjectURL(image.url);
      onChange({
        blob: prepared.blob,
        url: prepared.type === 'image/jp2' ? null : URL.createObjectURL(prepared.blob),
        type: prepared.type,
        resized: prepared.resized,
      });
    } catch {
      setProblem('unreadable');
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    if (image?.url) URL.revokeObjectURL(image.url);
    onChange(undefined);
    setProblem(null);
  };

  const sizeKb = image ? formatNumber(Math.ceil(image.blob.size / 1024), i18n.language) : '';

  return (
    <div
      className="flex flex-col gap-2"
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={[`${id}-hint`, messageId].filter(Boolean).join(' ')}
      data-slot={slot}
      data-filled={image ? 'true' : 'false'}
    >
      <div className="flex flex-col">
        <span id={`${id}-title`} className="text-sm font-medium text-fg">
          {t(`kyc.slot.${slot}`)}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted">
          {t(`kyc.slotHint.${slot}`)} {t('kyc.image.formats')}
        </span>
      </div>

      <div
        className={`relative flex aspect-[3/2] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed ${
          message ? 'border-danger bg-danger-soft/30' : 'border-line-strong bg-subtle'
        }`}
      >
        {busy ? (
          <span role="status" className="flex flex-col items-center gap-2 text-sm text-muted">
            <Spinner className="size-6" />
            {t('kyc.image.processing')}
          </span>
        ) : image ? (
          image.url ? (
            <img
              src={image.url}
              alt={t('kyc.image.previewAlt', { slot: t(`kyc.slot.${slot}`) })}
              className="size-full bg-white object-contain"
            />
          ) : (
            <span className="flex flex-col items-center gap-1 text-sm text-muted">
              <Icon name="document" className="size-8" />
              {t('kyc.image.jp2Ready')}
            </span>
          )
        ) : (
          <span className="flex flex-col items-center gap-1 px-4 text-center text-sm text-muted">
            {signature ? (
              <ProfileIcon name="pen" className="size-8" />
            ) : (
              <ProfileIcon name="id" className="size-8" />
            )}
            {t('kyc.image.placeholder')}
          </span>
        )}
        {image && !busy ? (
          <span className="absolute end-2 top-2 inline-flex items-center gap-1 rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-white dark:text-canvas">
            <Icon name="check" className="size-3.5" />
            {t('kyc.image.ready')}
          </span>
        ) : null}
      </div>

      {image ? (
        <p className="text-xs text-muted">
          {image.resized ? t('kyc.image.resized') : t('kyc.image.kept')} ·{' '}
          <Num>{t('kyc.image.sizeKb', { size: sizeKb })}</Num>
        </p>
      ) : null}

      {message ? (
        <p id={messageId} className="text-sm text-danger" data-testid="slot-error">
          {message}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={KYC_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`file-${slot}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void accept(file);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          className="flex-1"
          disabled={busy}
          icon={<ProfileIcon name="upload" className="size-4" />}
          onClick={() => input.current?.click()}
          data-testid={`choose-${slot}`}
        >
          {image ? t('kyc.image.replace') : t('kyc.image.choose')}
        </Button>
        {signature ? (
          <Button
            variant="secondary"
            size="sm"
            className="flex-1"
            disabled={busy}
            icon={<ProfileIcon name="pen" className="size-4" />}
            onClick={() => setPad(true)}
            data-testid="draw-signature"
          >
            {t('kyc.image.draw')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            className="flex-1"
            disabled={busy}
            icon={<ProfileIcon name="camera" className="size-4" />}
            onClick={() => {
              // Without the API the dialog still opens, to say so and offer the file picker.
              setProblem(null);
              setCamera(true);
            }}
            data-testid={`camera-${slot}`}
            data-camera={cameraSupported() ? 'available' : 'unsupported'}
          >
            {t('kyc.image.camera')}
          </Button>
        )}
        {image ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={remove}
            aria-label={t('kyc.image.removeLabel', { slot: t(`kyc.slot.${slot}`) })}
          >
            <Icon name="close" className="size-4" />
          </Button>
        ) : null}
      </div>

      {signature ? (
        <SignaturePadDialog open={pad} onOpenChange={setPad} onDone={(blob) => void accept(blob)} />
      ) : (
        <CameraDialog
          open={camera}
          onOpenChange={setCamera}
          title={t(`kyc.slot.${slot}`)}
          facing={slot === 'hand' ? 'user' : 'environment'}
          onCapture={(blob) => void accept(blob)}
          onChooseFile={() => input.current?.click()}
        />
      )}
    </div>
  );
}
