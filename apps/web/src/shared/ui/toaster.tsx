import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toast } from './toast-store';

// Radix Toast loads with the first toast, not with every page.
const ToastViewport = lazy(() => import('./toast-viewport'));

let needed = false;

/** Mounts the toast region once something has been shown (and keeps it mounted after). */
export function Toaster() {
  const items = useSyncExternalStore(toast.subscribe, toast.items, toast.items);
  if (items.length > 0) needed = true;
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
