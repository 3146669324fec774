import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { groupByPosition, type Toast, type ToastKind, type ToastPosition } from './toastStore.ts';

const POSITION_CLASSES: Record<ToastPosition, string> = {
  'top-right': 'toast-top toast-end',
  'top-left': 'toast-top toast-start',
  'top-center': 'toast-top toast-center',
  'bottom-right': 'toast-bottom toast-end',
  'bottom-left': 'toast-bottom toast-start',
  'bottom-center': 'toast-bottom toast-center',
};

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'alert-success',
  error: 'alert-error',
  info: 'alert-info',
  warning: 'alert-warning',
};

type ToastViewportProps = {
  toasts: readonly Toast[];
  onDismiss(id: string): void;
};

/** One stack per position in use, newest on top; full width minus margins on a phone. */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  return (
    <>
      {groupByPosition(toasts).map(({ position, toasts: stack }) => (
        <div
          key={position}
          className={`toast ${POSITION_CLASSES[position]} pointer-events-none z-[100] w-[calc(100vw-2rem)] sm:w-96`}
        >
          {stack.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
        </div>
      ))}
    </>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: string): void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.duration);
  const paused = hovered || focused;

  // The timer stops while the pointer or focus is on the toast and resumes with the time that was left.
  useEffect(() => {
    if (toast.duration <= 0 || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.duration, toast.id, onDismiss]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      className={`alert ${KIND_CLASSES[toast.kind]} pointer-events-auto flex w-full items-start gap-3 shadow-lg`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <KindIcon kind={toast.kind} />
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold">{toast.title}</p>
        <p>{toast.message}</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        className="-me-1 -mt-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-current"
        onClick={() => onDismiss(toast.id)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

const KIND_ICON_PATHS: Record<ToastKind, string> = {
  success: 'M8 12.5l2.5 2.5L16 9.5',
  error: 'M9 9l6 6M15 9l-6 6',
  info: 'M12 11v5M12 8h.01',
  warning: 'M12 7.5v5M12 16h.01',
};

function KindIcon({ kind }: { kind: ToastKind }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d={KIND_ICON_PATHS[kind]} />
    </svg>
  );
}
