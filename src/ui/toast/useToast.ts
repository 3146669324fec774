import { createContext, useContext } from 'react';
import type { ToastApi } from './toastStore.ts';

export const ToastContext = createContext<ToastApi | null>(null);

/** `{ show, success, error, info, warning, dismiss }` of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
