import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { t } from '../../i18n/translate';
import { type ToastTone, toastStore } from './toast-store';

const toneClass: Record<ToastTone, string> = {
  success: 'border-s-success',
  error: 'border-s-danger',
  info: 'border-s-accent',
};

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <Toast.Provider swipeDirection="down" label={t('toast.region')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          // Errors stay until read; confirmations go by themselves.
          duration={item.tone === 'error' ? 10_000 : 4_000}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          className={`flex items-start gap-3 rounded-md border border-line border-s-4 bg-surface px-3 py-2.5 text-sm text-fg shadow-lg ${toneClass[item.tone]}`}
          data-tone={item.tone}
        >
          <Toast.Description className="flex-1">{item.text}</Toast.Description>
          <Toast.Close
            className="rounded px-1 text-muted hover:text-fg"
            aria-label={t('toast.dismiss')}
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 end-0 z-[60] m-0 flex w-[min(24rem,100vw)] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
