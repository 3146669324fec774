import type { ReactNode } from 'react';
import { FormDialog } from './FormDialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  busy?: boolean;
  /** Why the last try failed (the server's message). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal question with a destructive answer; the safe choice has focus first. */
export function ConfirmDialog({ children, confirmLabel, onConfirm, onCancel, ...rest }: ConfirmDialogProps) {
  return (
    <FormDialog
      {...rest}
      description={children}
      submitLabel={confirmLabel}
      variant="danger"
      focusCancel
      onSubmit={onConfirm}
      onClose={onCancel}
    />
  );
}
