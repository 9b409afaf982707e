export type ToastKind = 'error' | 'success' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Toasts from anywhere (API failures, confirmations); <Toaster> renders them politely. */
export const toast = {
  show: (kind: ToastKind, message: string): void => {
    // The same message twice at once (two requests failing together) is shown once.
    if (items.some((item) => item.message === message)) return;
    items = [...items, { id: nextId++, kind, message }].slice(-3);
    emit();
  },
  error: (message: string): void => {
    toast.show('error', message);
  },
  success: (message: string): void => {
    toast.show('success', message);
  },
  dismiss: (id: number): void => {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  items: (): readonly ToastItem[] => {
    return items;
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
