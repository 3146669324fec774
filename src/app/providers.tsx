import type { ReactNode } from 'react';
import { ToastProvider } from '../ui/toast/index.ts';

/** App-wide providers that do not need the router; the auth provider lives in RootLayout, inside it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
