import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { StartupLoader } from '../ui/PageLoader.tsx';
import { useAuth } from '../session/AuthContext.ts';
import { homeFor, loginPathFor, onboardingRedirect, safeRedirectTarget } from '../session/redirects.ts';

/** Signed-in users only (and only the given roles when any); organisations finish onboarding first. */
export function RequireAuth({ roles }: { roles?: readonly Role[] }) {
  const { status, user, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <StartupLoader />;
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signedOutByUser ? '/login' : loginPathFor(here)} replace />;
  }
  const onboarding = onboardingRedirect(user, location.pathname);
  if (onboarding) return <Navigate to={onboarding} replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/403" replace />;
  return <Outlet />;
}

/** The sign-in pages: a signed-in user goes on to redirectTo (from /login) or to /. */
export function PublicOnly() {
  const { status } = useAuth();
  const [params] = useSearchParams();
  if (status === 'loading') return <StartupLoader />;
  if (status === 'authenticated') return <Navigate to={safeRedirectTarget(params.get('redirectTo'))} replace />;
  return <Outlet />;
}

/** `/`: Admin to /hospitals, everyone else to /profile. */
export function HomeRedirect() {
  const { user } = useAuth();
  return user ? <Navigate to={homeFor(user.role)} replace /> : <StartupLoader />;
}
