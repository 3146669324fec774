import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { ButtonVariant } from '../../ui/buttonClassName.ts';
import { Button } from '../../ui/Button.tsx';

export type ActionDialogProps = {
  open: boolean;
  title: string;
  /** What happens, above the fields. */
  description?: ReactNode;
  /** The fields; the first one with autoFocus takes the focus. */
  children?: ReactNode;
  submitLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  busy?: boolean;
  /** Why the last try failed (the server's message). */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
};

/**
 * A modal form for one appointment action (native <dialog>: focus stays inside, Escape closes and
 * focus goes back to the button that opened it).
 */
export function ActionDialog({
  open,
  title,
  description,
  children,
  submitLabel,
  cancelLabel = 'Back',
  variant = 'primary',
  busy = false,
  error,
  onSubmit,
  onClose,
}: ActionDialogProps) {
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
            <Button buttonStyle="outline" variant="neutral" onClick={onClose} disabled={busy}>
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
