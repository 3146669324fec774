import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTokenExpired } from '../../domain/rules/token.ts';
import type { User } from '../../domain/schemas/accounts.ts';
import { accountsApi } from '../api/accounts.ts';
import { ApiError } from '../api/http.ts';
import { clearToken, getToken, storeToken } from './token.ts';
import { useToast } from '../ui/toast/index.ts';
import { AuthContext, type AuthContextValue } from './AuthContext.ts';
import { rememberUser, rememberedUser } from './deviceUser.ts';
import { loginPathFor } from './redirects.ts';
import { firstScreenSettled } from './firstScreen.ts';
import { takeEarlyUserAnswer } from './startup.ts';

export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** A session started from the device's copy of the user asks the server again this often. */
const DEVICE_USER_RECHECK_MS = 30_000;

type Loaded = {
  token: string;
  user: User | null;
  /** The server could not be reached: the user is the device's copy (an offline start). */
  fromDevice?: boolean;
};

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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const toast = useToast();

  // Load the user of the current token; a token the server refuses ends the session. With no answer
  // at all (offline start), the device's copy of the token's user opens the app.
  useEffect(() => {
    if (!token || loaded?.token === token) return;
    const controller = new AbortController();
    // The request main.tsx started for this token, when there is one (startup.ts).
    (takeEarlyUserAnswer(token) ?? accountsApi.userDetails(controller.signal))
      .then(({ data }) => {
        if (controller.signal.aborted) return;
        rememberUser(data);
        // The signed-in area's first render is the largest of the start: as a transition, React renders
        // it in slices that let the browser answer input in between, instead of one long task.
        startTransition(() => setLoaded({ token, user: data }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (refusedByServer(error)) {
          clearToken();
          // No signed-in screen follows: what waited for it need not.
          firstScreenSettled();
          setLoaded({ token, user: null });
          return;
        }
        const kept = rememberedUser(token);
        if (kept === null) firstScreenSettled();
        setLoaded({ token, user: kept, fromDevice: kept !== null });
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

  // Started from the device's copy: the server is asked again when the connection comes back.
  useEffect(() => {
    if (!loaded?.fromDevice || !loaded.user) return;
    const { token: sessionToken } = loaded;
    let cancelled = false;
    const check = () => {
      if (navigator.onLine === false) return;
      accountsApi
        .userDetails()
        .then(({ data }) => {
          if (cancelled) return;
          rememberUser(data);
          setLoaded({ token: sessionToken, user: data });
        })
        .catch((error: unknown) => {
          if (!cancelled && refusedByServer(error)) logout({ keepLocation: true });
        });
    };
    window.addEventListener('online', check);
    const timer = setInterval(check, DEVICE_USER_RECHECK_MS);
    return () => {
      cancelled = true;
      window.removeEventListener('online', check);
      clearInterval(timer);
    };
  }, [loaded, logout]);

  const userId = token && loaded?.token === token ? (loaded.user?.id ?? null) : null;
  const signOut = useCallback<AuthContextValue['signOut']>(
    async ({ confirmUnsent }) => {
      if (!userId) {
        logout();
        return true;
      }
      const { signOutOfDevice } = await import('./signOutFlow.ts');
      return signOutOfDevice({
        userId,
        confirmUnsent,
        endSession: () => logout(),
        warn: (message) => toast.warning(message, { duration: 30_000 }),
      });
    },
    [userId, logout, toast],
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
      rememberUser(data);
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
    rememberUser(data);
    setLoaded({ token, user: data });
  }, [token]);

  const current = token && loaded?.token === token ? loaded : null;
  const user = current?.user ?? null;
  // A token whose user failed to load counts as signed out: the guards send the visitor to /login.
  const status: AuthContextValue['status'] =
    !token || (current && !user) ? 'anonymous' : user ? 'authenticated' : 'loading';

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, token, signedOutByUser, signIn, logout, signOut, refreshUser }),
    [status, user, token, signedOutByUser, signIn, logout, signOut, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
