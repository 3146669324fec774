import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTokenExpired } from '../../../domain/rules/token.ts';
import type { User } from '../../../domain/schemas/accounts.ts';
import { accountsApi } from '../../api/accounts.ts';
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

/** The session the server refuses ends here; a network failure keeps the token for later. */
const refusedByServer = (error: unknown) =>
  error instanceof ApiError && error.kind !== 'NETWORK' && error.kind !== 'SERVER_ERROR';

/**
 * The session (SPEC §4): the token in the jwtToken cookie and the user it belongs to. Deliberately
 * free of the query cache, so the sign-in screens download no data layer.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState<string | null>(initialToken);
  const [loaded, setLoaded] = useState<{ token: string; user: User | null } | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  // Load the user of the current token; a token whose user fails to load ends the session.
  useEffect(() => {
    if (!token || loaded?.token === token) return;
    const controller = new AbortController();
    accountsApi
      .userDetails(controller.signal)
      .then(({ data }) => setLoaded({ token, user: data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (refusedByServer(error)) clearToken();
        setLoaded({ token, user: null });
      });
    return () => controller.abort();
  }, [token, loaded]);

  const logout = useCallback<AuthContextValue['logout']>(
    (options) => {
      clearToken();
      setToken(null);
      setLoaded(null);
      setSignedOutByUser(!options?.keepLocation);
      const here = `${location.pathname}${location.search}${location.hash}`;
      navigate(options?.keepLocation ? loginPathFor(here) : '/login', { replace: true });
    },
    [location.pathname, location.search, location.hash, navigate],
  );

  // Session expiry is checked every 60 s.
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => {
      if (isTokenExpired(getToken())) logout({ keepLocation: true });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [token, logout]);

  const signIn = useCallback(async (newToken: string): Promise<User> => {
    storeToken(newToken);
    try {
      const { data } = await accountsApi.userDetails();
      setLoaded({ token: newToken, user: data });
      setToken(newToken);
      setSignedOutByUser(false);
      return data;
    } catch (error) {
      clearToken();
      throw error;
    }
  }, []);

  const refreshUser = useCallback(async () => {
    if (!token) return;
    const { data } = await accountsApi.userDetails();
    setLoaded({ token, user: data });
  }, [token]);

  const current = token && loaded?.token === token ? loaded : null;
  const user = current?.user ?? null;
  // A token whose user failed to load counts as signed out: the guards send the visitor to /login.
  const status: AuthContextValue['status'] =
    !token || (current && !user) ? 'anonymous' : user ? 'authenticated' : 'loading';

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, token, signedOutByUser, signIn, logout, refreshUser }),
    [status, user, token, signedOutByUser, signIn, logout, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
