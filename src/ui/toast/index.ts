export { ToastProvider } from './ToastProvider.tsx';
export { useToast } from './useToast.ts';
export {
  DEFAULT_TOAST_DURATION_MS,
  DEFAULT_TOAST_POSITION,
  NOTIFICATION_TOAST,
  TOAST_LIMIT_PER_POSITION,
  createToastStore,
  type Toast,
  type ToastApi,
  type ToastInput,
  type ToastKind,
  type ToastOptions,
  type ToastPosition,
  type ToastStore,
} from './toastStore.ts';
