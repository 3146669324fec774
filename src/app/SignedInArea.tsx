import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/queryClient.ts';
import { AppLayout } from './layout/AppLayout.tsx';

/**
 * Everything behind sign-in, loaded as its own chunk: the data layer arrives with it, so the sign-in
 * screens stay small. A new cache per session: nothing of one user's data survives into the next.
 */
export function SignedInArea() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
    </QueryClientProvider>
  );
}
