import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { RequireAuth } from './guards.tsx';

// Every screen is its own chunk; the service worker precaches them all for offline use.
export const screen = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

/** Routes only these roles reach (others see the forbidden screen). */
export const onlyFor = (roles: readonly Role[], children: RouteObject[]): RouteObject => ({
  element: <RequireAuth roles={roles} />,
  children,
});
