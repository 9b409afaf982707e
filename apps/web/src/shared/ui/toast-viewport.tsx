import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { toast, type ToastKind } from './toast-store';

const look: Record<ToastKind, { icon: 'alert' | 'check' | 'info'; accent: string; text: string }> =
  {
    error: { icon: 'alert', accent: 'border-s-danger', text: 'text-danger' },
    success: { icon: 'check', accent: 'border-s-success', text: 'text-success' },
    info: { icon: 'info', accent: 'border-s-primary', text: 'text-link' },
  };

/**
 * Renders the toast queue. Toasts are "background" so screen readers announce them politely
 * (aria-live="polite") without interrupting; they stay 6 s, pause on hover or focus, and F8
 * focuses the region.
 */
export default function ToastViewport() {
  const { t, i18n } = useTranslation();
  const items = useSyncExternalStore(toast.subscribe, toast.items, toast.items);
  const rtl = i18n.dir() === 'rtl';
  return (
    <Toast.Provider
      duration={6000}
      swipeDirection={rtl ? 'left' : 'right'}
      label={t('toast.region')}
    >
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          type="background"
          onOpenChange={(open) => {
            if (!open) toast.dismiss(item.id);
          }}
          className={`flex items-start gap-3 rounded-xl border border-s-4 border-line bg-surface p-4 text-fg shadow-lg ${look[item.kind].accent}`}
        >
          <span className={look[item.kind].text}>
            <Icon name={look[item.kind].icon} />
          </span>
          <Toast.Description className="flex-1 text-sm text-fg">{item.message}</Toast.Description>
          <Toast.Close
            className="-m-2 inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg"
            aria-label={t('actions.close')}
          >
            <Icon name="close" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed inset-x-0 bottom-20 z-50 mx-auto flex w-[min(26rem,calc(100vw-1.5rem))] flex-col gap-2 outline-none md:bottom-6 md:end-6 md:mx-0 md:inset-x-auto" />
    </Toast.Provider>
  );
}
