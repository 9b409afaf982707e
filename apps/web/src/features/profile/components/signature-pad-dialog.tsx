import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { canvasToBlob } from '../image-decoder';

const PAD_HEIGHT_PX = 220;

/**
 * Draw a signature with a finger, pen or mouse (pointer events, so one code path for all). The
 * result is a PNG, dark ink on white. Keyboard users upload an image of their signature instead;
 * the description says so.
 */
export function SignaturePadDialog({
  open,
  onOpenChange,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (signature: Blob) => void;
}) {
  const { t } = useTranslation('profile');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(element.clientWidth * ratio);
    element.height = Math.round(PAD_HEIGHT_PX * ratio);
    const context = element.getContext('2d');
    if (context) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, element.width, element.height);
      context.lineWidth = 2.5;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.strokeStyle = '#111827';
    }
    setEmpty(true);
  };

  useEffect(() => {
    if (!open) return;
    // After the dialog has laid out, so the canvas knows its width.
    const frame = requestAnimationFrame(reset);
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    last.current = point(event);
    const context = event.currentTarget.getContext('2d');
    if (context && last.current) {
      // A tap leaves a dot.
      context.beginPath();
      context.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      context.fillStyle = '#111827';
      context.fill();
    }
    setEmpty(false);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const next = point(event);
    context.beginPath();
    context.moveTo(last.current.x, last.current.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    last.current = next;
  };

  const up = () => {
    drawing.current = false;
    last.current = null;
  };

  const done = async () => {
    if (!canvas.current || empty) return;
    setSaving(true);
    try {
      onDone(await canvasToBlob(canvas.current, 'image/png'));
      onOpenChange(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('signature.title')}
      description={t('signature.lead')}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={reset}
            disabled={empty}
            data-testid="signature-clear"
          >
            {t('signature.clear')}
          </Button>
          <Button
            onClick={() => void done()}
            disabled={empty}
            loading={saving}
            data-testid="signature-use"
          >
            {t('signature.use')}
          </Button>
        </>
      }
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('signature.pad')}
        data-testid="signature-pad"
        style={{ height: PAD_HEIGHT_PX }}
        className="block w-full cursor-crosshair touch-none rounded-xl border border-dashed border-line-strong bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <p className="mt-2 text-center text-xs text-muted">{t('signature.hint')}</p>
    </Dialog>
  );
}
