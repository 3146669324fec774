import { createContext, useContext } from 'react';
import type { User } from '../../../domain/schemas/accounts.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthContextValue = {
  status: AuthStatus;
  /** The signed-in user (from GET /users/user-details); null while loading or signed out. */
  user: User | null;
  token: string | null;
  /** The user signed out themself: the next sign-in starts at home, not at the last user's page. */
  signedOutByUser: boolean;
  /** Stores the token from a successful sign-in (the jwtToken cookie) and loads the user. */
  signIn(token: string): Promise<User>;
  /** Clears the session and goes to /login (keeping where the user was when `keepLocation` is set). */
  logout(options?: { keepLocation?: boolean }): void;
  /** Reloads the user (after onboarding sets a referenceId, for example). */
  refreshUser(): Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('AuthContext must be used within an AuthProvider');
  return value;
}
