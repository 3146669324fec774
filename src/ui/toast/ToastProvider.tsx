import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ToastViewport } from './ToastViewport.tsx';
import { ToastContext } from './useToast.ts';
import { createToastApi, createToastStore, type ToastStore } from './toastStore.ts';

type ToastProviderProps = {
  children: ReactNode;
  /** A store shared with code outside React (a query client's error handler…); a fresh one by default. */
  store?: ToastStore;
};

/** Provides `useToast()` and renders the toasts on top of everything. */
export function ToastProvider({ children, store: givenStore }: ToastProviderProps) {
  const [ownStore] = useState(createToastStore);
  const store = givenStore ?? ownStore;
  const api = useMemo(() => createToastApi(store), [store]);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={store.dismiss} />
    </ToastContext>
  );
}
