import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { t } from '../../i18n/translate';
import { Button } from './button';

const overlayClass = 'fixed inset-0 z-40 bg-black/50';
const contentClass =
  'fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] ' +
  'flex-col gap-4 overflow-y-auto rounded-lg border border-line bg-surface p-5 text-fg shadow-xl';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** False while showing something that must be acknowledged explicitly (a one-time password). */
  dismissible?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={contentClass}
          // Without a description, say so explicitly rather than point at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <div className="flex flex-col gap-1">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
            ) : null}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  tone = 'danger',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: 'danger' | 'primary';
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass}>
          <div className="flex flex-col gap-1">
            <AlertDialog.Title className="text-base font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button>{t('common.cancel')}</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the request finishes. */}
            <Button variant={tone} pending={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export const ModalClose = Dialog.Close;
