import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useAuth } from '../session/AuthContext.ts';
import { tokenRole } from '../session/startup.ts';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { loadScreen } from './routeParts.tsx';

export type RoleScreens = Partial<Record<Role, LazyExoticComponent<ComponentType> | ComponentType>>;
/** Each role's screen, as a function fetching its chunk. */
export type RoleScreenLoaders = Partial<Record<Role, () => Promise<ComponentType>>>;

/**
 * One path, a different screen per role (SPEC §2); no role or no entry shows the not-found screen.
 * A screen whose code the route has already fetched (`loaded`) renders at once; another suspends
 * while its code arrives. Which of the two a role gets is settled before the route first renders
 * (roleRoute), so a screen never changes from one to the other and is never mounted twice.
 */
export function RoleScreen({ screens, loaded = {} }: { screens: RoleScreens; loaded?: RoleScreens }) {
  const { user } = useAuth();
  const Screen = user ? (loaded[user.role] ?? screens[user.role]) : undefined;
  if (!Screen) return <NotFoundScreen />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}

/**
 * A route showing each role its own screen. The screen for the role the session's token was issued
 * for is fetched with the route, beside the signed-in area's chunks, instead of after the user has
 * loaded, and is then rendered without suspending: a lazy component suspends on its first render
 * even when its code is already here, and the page waits for React to reveal it. Which screen shows
 * is still decided by the loaded user (RoleScreen).
 */
export function roleRoute(loaders: RoleScreenLoaders): Pick<RouteObject, 'element' | 'lazy'> {
  const screens: RoleScreens = {};
  const loaded: RoleScreens = {};
  for (const [role, load] of Object.entries(loaders) as [Role, () => Promise<ComponentType>][]) {
    screens[role] = lazy(async () => ({ default: await loadScreen(load) }));
  }
  return {
    element: <RoleScreen screens={screens} loaded={loaded} />,
    // The router runs this once, before the route first renders.
    lazy: async () => {
      const role = tokenRole();
      const load = role ? loaders[role] : undefined;
      // A chunk that cannot be fetched fails where it is shown (the screen's error), not here.
      if (role && load) {
        const Screen = await load().catch(() => undefined);
        if (Screen) loaded[role] = Screen;
      }
      return {};
    },
  };
}
