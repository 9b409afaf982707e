import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';

/**
 * The signature drawn with a finger, pen or mouse (signature_pad: smooth strokes, pointer events).
 * Answers a PNG data URL after each stroke, or null when cleared.
 */
export function SignatureField({ onChange }: { onChange: (png: string | null) => void }) {
  const { t } = useTranslation('loan');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the screen's pixel density so the stroke stays sharp in the agreement.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const instance = new SignaturePad(element, { penColor: '#111827', minWidth: 1, maxWidth: 2.6 });
    instance.addEventListener('endStroke', () =>
      changed.current(instance.isEmpty() ? null : instance.toDataURL('image/png')),
    );
    pad.current = instance;
    return () => instance.off();
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <p id="signature-label" className="text-sm font-medium">
        {t('signHere')}
      </p>
      <canvas
        ref={canvas}
        aria-labelledby="signature-label"
        role="img"
        className="h-36 w-full touch-none rounded-xl border border-dashed border-line bg-white"
        data-testid="loan-signature"
      />
      <Button
        variant="secondary"
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
        data-testid="loan-signature-clear"
      >
        {t('clear')}
      </Button>
    </div>
  );
}
