import type { ReactNode } from 'react';

/**
 * App-wide context providers (query cache, auth, toasts…) are composed here as they arrive,
 * so main.tsx and the router stay unaware of them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
