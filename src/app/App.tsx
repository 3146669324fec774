import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      {/* Outside the router so the prompt survives route errors. */}
      <UpdatePrompt />
    </AppProviders>
  );
}
