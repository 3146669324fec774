import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../../domain/enums.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useAuth } from '../session/AuthContext.ts';
import { NotFoundScreen } from './NotFoundScreen.tsx';

export type RoleScreens = Partial<Record<Role, LazyExoticComponent<ComponentType> | ComponentType>>;

/** One path, a different screen per role (SPEC §2); no role or no entry shows the not-found screen. */
export function RoleScreen({ screens }: { screens: RoleScreens }) {
  const { user } = useAuth();
  const Screen = user ? screens[user.role] : undefined;
  if (!Screen) return <NotFoundScreen />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
