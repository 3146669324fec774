/**
 * The toast store: pure list operations plus a tiny subscribable store, free of React and the DOM
 * so it can be tested in Node and fed from outside components (a query client's error handler…).
 */

export const TOAST_KINDS = ['success', 'error', 'info', 'warning'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export const TOAST_POSITIONS = [
  'top-right',
  'top-left',
  'top-center',
  'bottom-right',
  'bottom-left',
  'bottom-center',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** SPEC §9: general toasts close after 5 seconds. */
export const DEFAULT_TOAST_DURATION_MS = 5000;
/** SPEC §9: the store defaults to bottom-right. */
export const DEFAULT_TOAST_POSITION: ToastPosition = 'bottom-right';
/** SPEC §9: at most 5 toasts per position; the oldest goes when another arrives. */
export const TOAST_LIMIT_PER_POSITION = 5;
/** SPEC §9: notification toasts close after 30 seconds, top-right. */
export const NOTIFICATION_TOAST = { duration: 30_000, position: 'top-right' } as const satisfies ToastOptions;

/** Titles the SPEC uses ("Success", "Error", §8) and their siblings. */
export const DEFAULT_TOAST_TITLES: Readonly<Record<ToastKind, string>> = {
  success: 'Success',
  error: 'Error',
  info: 'Info',
  warning: 'Warning',
};

export type Toast = {
  id: string;
  kind: ToastKind;
  title: string;
  message: string;
  position: ToastPosition;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration: number;
};

export type ToastInput = Partial<Omit<Toast, 'message'>> & { message: string };
/** Everything but the message and kind, for the success/error/info/warning shorthands. */
export type ToastOptions = Partial<Omit<Toast, 'message' | 'kind'>>;

/** A complete toast from what the caller gave, with the SPEC's defaults for the rest. */
export function normalizeToast(input: ToastInput, id: string): Toast {
  const kind = input.kind ?? 'info';
  const duration =
    input.duration !== undefined && Number.isFinite(input.duration) && input.duration >= 0
      ? input.duration
      : DEFAULT_TOAST_DURATION_MS;
  return {
    id: input.id ?? id,
    kind,
    title: input.title ?? DEFAULT_TOAST_TITLES[kind],
    message: input.message,
    position: input.position ?? DEFAULT_TOAST_POSITION,
    duration,
  };
}

/**
 * The list with `toast` added, newest first. A toast with the same id is replaced (so a repeated
 * message can be shown once); each position then keeps only its `limit` newest toasts.
 */
export function addToast(toasts: readonly Toast[], toast: Toast, limit = TOAST_LIMIT_PER_POSITION): Toast[] {
  const counts = new Map<ToastPosition, number>();
  return [toast, ...toasts.filter((existing) => existing.id !== toast.id)].filter((item) => {
    const count = (counts.get(item.position) ?? 0) + 1;
    counts.set(item.position, count);
    return count <= limit;
  });
}

export function dismissToast(toasts: readonly Toast[], id: string): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}

/** The positions that have toasts, in a fixed order, each with its toasts newest first. */
export function groupByPosition(toasts: readonly Toast[]): { position: ToastPosition; toasts: Toast[] }[] {
  return TOAST_POSITIONS.map((position) => ({
    position,
    toasts: toasts.filter((toast) => toast.position === position),
  })).filter((group) => group.toasts.length > 0);
}

export type ToastStore = {
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  /** Shows a toast and returns its id. */
  show(input: ToastInput): string;
  dismiss(id: string): void;
  clear(): void;
};

export function createToastStore({ limit = TOAST_LIMIT_PER_POSITION }: { limit?: number } = {}): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  const update = (next: readonly Toast[]) => {
    if (next === toasts) return;
    toasts = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(input) {
      const toast = normalizeToast(input, `toast-${nextId++}`);
      update(addToast(toasts, toast, limit));
      return toast.id;
    },
    dismiss(id) {
      if (toasts.some((toast) => toast.id === id)) update(dismissToast(toasts, id));
    },
    clear() {
      if (toasts.length > 0) update([]);
    },
  };
}

export type ToastApi = {
  show(toast: ToastInput): string;
  success(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  info(message: string, options?: ToastOptions): string;
  warning(message: string, options?: ToastOptions): string;
  dismiss(id: string): void;
};

/** What `useToast()` hands out: the store's show/dismiss plus one shorthand per kind. */
export function createToastApi(store: ToastStore): ToastApi {
  const shorthand = (kind: ToastKind) => (message: string, options?: ToastOptions) =>
    store.show({ ...options, kind, message });
  return {
    show: (toast) => store.show(toast),
    success: shorthand('success'),
    error: shorthand('error'),
    info: shorthand('info'),
    warning: shorthand('warning'),
    dismiss: (id) => store.dismiss(id),
  };
}
