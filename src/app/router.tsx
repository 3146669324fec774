import { createBrowserRouter } from 'react-router-dom';
import { PageLoader } from '../ui/PageLoader.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

// Every screen is its own chunk (`lazy`); the service worker precaches them all for offline use.
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/HomeScreen.tsx')).HomeScreen }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./NotFoundScreen.tsx')).NotFoundScreen }),
          },
        ],
      },
    ],
  },
]);
