import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { AuthProvider } from '../session/AuthProvider.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AuthProvider>
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary" />
      )}
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}
