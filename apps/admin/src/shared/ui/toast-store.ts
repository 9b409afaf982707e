export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Toasts can be raised from anywhere (the API client included); the Toaster renders them. */
export const toastStore = {
  getSnapshot: (): readonly ToastMessage[] => toasts,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(tone: ToastTone, text: string) {
    // The same message twice in a row (e.g. two failed loads) is one toast.
    if (toasts.some((t) => t.text === text && t.tone === tone)) return;
    emit([...toasts, { id: nextId++, tone, text }].slice(-4));
  },
  dismiss(id: number) {
    emit(toasts.filter((t) => t.id !== id));
  },
};

export const toast = {
  success: (text: string) => toastStore.show('success', text),
  error: (text: string) => toastStore.show('error', text),
  info: (text: string) => toastStore.show('info', text),
};
