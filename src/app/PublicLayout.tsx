import { Outlet } from 'react-router-dom';
import { Footer } from '../ui/Footer.tsx';

/** Layout of the screens seen before signing in: one centred column and the footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
