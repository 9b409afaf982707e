import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { canvasToBlob } from '../image-decoder';
import { ProfileIcon } from './profile-icons';

type CameraState =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'captured'; blob: Blob; url: string }
  | { kind: 'unavailable'; reason: 'unsupported' | 'denied' | 'noCamera' | 'failed' };

/** Whether this browser can open a camera at all (a secure context and the API). */
export function cameraSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function reasonOf(error: unknown): 'denied' | 'noCamera' | 'failed' {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

/**
 * Takes a photo with the device camera: live preview, capture to a canvas, then retake or use.
 * Without camera access (no API, permission denied, no camera) it says so and offers the file
 * picker instead. The stream stops as soon as the dialog closes.
 */
export function CameraDialog({
  open,
  onOpenChange,
  title,
  facing,
  onCapture,
  onChooseFile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** `user` (front camera) for the photo holding the document, else `environment`. */
  facing: 'user' | 'environment';
  onCapture: (photo: Blob) => void;
  onChooseFile: () => void;
}) {
  const { t } = useTranslation('profile');
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [capturing, setCapturing] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const stop = () => {
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
    if (!cameraSupported()) {
      setState({ kind: 'unavailable', reason: 'unsupported' });
      return;
    }
    setState({ kind: 'starting' });
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: {
          facingMode: { ideal: facing },
          width: { ideal: 1920 },
          height: { ideal: 1080 },
        },
      })
      .then(
        (media) => {
          if (cancelled) {
            media.getTracks().forEach((track) => track.stop());
            return;
          }
          stream.current = media;
          setState({ kind: 'live' });
        },
        (error: unknown) => {
          if (!cancelled) setState({ kind: 'unavailable', reason: reasonOf(error) });
        },
      );
    return () => {
      cancelled = true;
      stop();
    };
  }, [open, facing]);

  // The <video> mounts with the dialog's content; it gets the stream once both exist.
  const live = state.kind === 'live';
  useEffect(() => {
    const element = video.current;
    if (!live || !element || !stream.current) return;
    element.srcObject = stream.current;
    element.play().catch(() => undefined);
  }, [live]);

  useEffect(() => {
    if (state.kind !== 'captured') return;
    const url = state.url;
    return () => URL.revokeObjectURL(url);
  }, [state]);

  const capture = async () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    setCapturing(true);
    try {
      const canvas = document.createElement('canvas');
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
      const blob = await canvasToBlob(canvas, 'image/jpeg', 0.92);
      setState({ kind: 'captured', blob, url: URL.createObjectURL(blob) });
    } catch {
      setState({ kind: 'unavailable', reason: 'failed' });
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t('camera.lead')}
      footer={
        state.kind === 'captured' ? (
          <>
            <Button
              variant="secondary"
              onClick={() => setState({ kind: 'live' })}
              data-testid="camera-retake"
            >
              {t('camera.retake')}
            </Button>
            <Button
              onClick={() => {
                onCapture(state.blob);
                onOpenChange(false);
              }}
              icon={<Icon name="check" className="size-4" />}
              data-testid="camera-use"
            >
              {t('camera.use')}
            </Button>
          </>
        ) : state.kind === 'unavailable' ? (
          <Button
            onClick={() => {
              onOpenChange(false);
              onChooseFile();
            }}
            icon={<ProfileIcon name="upload" className="size-4" />}
          >
            {t('camera.chooseFile')}
          </Button>
        ) : (
          <Button
            onClick={() => void capture()}
            disabled={state.kind !== 'live'}
            loading={capturing}
            icon={<ProfileIcon name="camera" className="size-4" />}
            data-testid="camera-capture"
          >
            {t('camera.capture')}
          </Button>
        )
      }
    >
      {state.kind === 'unavailable' ? (
        <div
          role="alert"
          data-testid="camera-unavailable"
          className="flex flex-col items-center gap-2 rounded-xl bg-subtle px-4 py-8 text-center"
        >
          <ProfileIcon name="camera" className="size-8 text-muted" />
          <p className="font-medium text-fg">{t('camera.unsupported')}</p>
          {state.reason !== 'unsupported' ? (
            <p className="text-sm text-muted">{t(`camera.${state.reason}`)}</p>
          ) : null}
        </div>
      ) : (
        <div className="relative overflow-hidden rounded-xl bg-black">
          {state.kind === 'captured' ? (
            <img
              src={state.url}
              alt={t('camera.preview')}
              className="block aspect-[4/3] w-full object-contain"
            />
          ) : (
            <video
              ref={video}
              autoPlay
              playsInline
              muted
              aria-label={t('camera.live')}
              className="block aspect-[4/3] w-full object-contain"
              data-testid="camera-video"
            />
          )}
          {state.kind === 'starting' ? (
            <div
              role="status"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white"
            >
              <Spinner className="size-6" />
              <span className="text-sm">{t('camera.starting')}</span>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
