import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTokenExpired } from '../../../domain/rules/token.ts';
import type { User } from '../../../domain/schemas/accounts.ts';
import { accountKeys, accountsApi } from '../../api/accounts.ts';
import { ApiError } from '../../api/http.ts';
import { clearToken, getToken, storeToken } from '../../api/session.ts';
import { AuthContext, type AuthContextValue } from './AuthContext.ts';
import { loginPathFor } from './redirects.ts';

export const SESSION_CHECK_INTERVAL_MS = 60_000;

function initialToken(): string | null {
  const token = getToken();
  if (token && isTokenExpired(token)) {
    clearToken();
    return null;
  }
  return token;
}

/** The signed-in user; a token the server refuses is cleared on the spot (not on a network failure). */
async function loadUser({ signal }: { signal: AbortSignal }): Promise<User> {
  try {
    return (await accountsApi.userDetails(signal)).data;
  } catch (error) {
    if (error instanceof ApiError && error.kind !== 'NETWORK' && error.kind !== 'SERVER_ERROR') clearToken();
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState<string | null>(initialToken);

  const userQuery = useQuery({
    queryKey: accountKeys.userDetails,
    queryFn: loadUser,
    enabled: token !== null,
    retry: false,
  });

  const logout = useCallback<AuthContextValue['logout']>(
    (options) => {
      clearToken();
      setToken(null);
      queryClient.clear();
      const here = `${location.pathname}${location.search}${location.hash}`;
      navigate(options?.keepLocation ? loginPathFor(here) : '/login', { replace: true });
    },
    [location.pathname, location.search, location.hash, navigate, queryClient],
  );

  // The user failing to load while a token exists ends the session: the guards then send the visitor
  // to /login, keeping where they were.
  const sessionFailed = token !== null && userQuery.isError;

  // Session expiry is checked every 60 s.
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => {
      if (isTokenExpired(getToken())) logout({ keepLocation: true });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [token, logout]);

  const signIn = useCallback(
    async (newToken: string): Promise<User> => {
      storeToken(newToken);
      queryClient.removeQueries({ queryKey: accountKeys.userDetails });
      const user = await queryClient.fetchQuery({ queryKey: accountKeys.userDetails, queryFn: loadUser });
      setToken(newToken);
      return user;
    },
    [queryClient],
  );

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.userDetails });
  }, [queryClient]);

  const user = token && !sessionFailed ? (userQuery.data ?? null) : null;
  const status: AuthContextValue['status'] = !token || sessionFailed ? 'anonymous' : user ? 'authenticated' : 'loading';

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, token, signIn, logout, refreshUser }),
    [status, user, token, signIn, logout, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
