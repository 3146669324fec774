import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { ButtonVariant } from './buttonClassName.ts';
import { Button } from './Button.tsx';

export type FormDialogProps = {
  open: boolean;
  title: string;
  /** What happens, above the fields. */
  description?: ReactNode;
  /** The fields; the first one with autoFocus takes the focus. */
  children?: ReactNode;
  submitLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  /** Shows a spinner on the submit button and keeps the dialog open. */
  busy?: boolean;
  /** Why the last try failed (the server's message). */
  error?: string | null;
  /** The cancel button takes the focus first (a question whose safe answer is no). */
  focusCancel?: boolean;
  onSubmit: () => void;
  onClose: () => void;
};

/**
 * A modal form (native <dialog>: focus stays inside, Escape closes and focus goes back to the button
 * that opened it). Its content is drawn only while open, so each opening starts from empty fields.
 */
export function FormDialog({
  open,
  title,
  description,
  children,
  submitLabel,
  cancelLabel = 'Cancel',
  variant = 'primary',
  busy = false,
  error,
  focusCancel = false,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <form className="modal-box flex flex-col gap-3" onSubmit={submit} noValidate>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="text-sm">
              {description}
            </div>
          )}
          {children}
          {error && (
            <p role="alert" className="alert alert-error alert-soft text-sm">
              {error}
            </p>
          )}
          <div className="modal-action mt-2">
            <Button buttonStyle="outline" variant="neutral" onClick={onClose} disabled={busy} autoFocus={focusCancel}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={variant} loading={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
