import { createContext, useContext } from 'react';
import type { User } from '../../domain/schemas/accounts.ts';

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
  /**
   * Ends the session and goes to /login (keeping where the user was when `keepLocation` is set),
   * leaving the device's data alone: an expired or refused session, whose queued changes wait for the
   * next sign-in.
   */
  logout(options?: { keepLocation?: boolean }): void;
  /**
   * The user signs out: asks `confirmUnsent` first when changes made on this device have not been
   * sent (count null: the device could not tell), then turns push alerts off, ends the session and
   * removes this user's data from the device. Resolves to false when the user chose to stay.
   */
  signOut(options: { confirmUnsent: (count: number | null) => Promise<boolean> }): Promise<boolean>;
  /** Reloads the user (after onboarding sets a referenceId, for example). */
  refreshUser(): Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('AuthContext must be used within an AuthProvider');
  return value;
}
