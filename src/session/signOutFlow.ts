/**
 * The user's sign-out, loaded only when someone signs out (the login route stays small): asks first
 * when changes made on this device have not been sent, turns push alerts off while the token still
 * works, ends the session on the server and on the device, then removes the user's data from the device.
 */
import { forgetUserOnDevice } from './deviceUser.ts';

/** Turning push alerts off waits no longer than this for the browser and the server. */
const PUSH_OFF_TIMEOUT_MS = 5_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

export type SignOutSteps = {
  userId: string;
  /** Asked when changes wait on the device (null: the device could not tell); false keeps the session. */
  confirmUnsent: (count: number | null) => Promise<boolean>;
  /** Clears the token and leaves the signed-in area. */
  endSession: () => void;
  /** Tells the user that some data stayed on the device. */
  warn: (message: string) => void;
};

export async function signOutOfDevice({ userId, confirmUnsent, endSession, warn }: SignOutSteps): Promise<boolean> {
  let unsent: number | null;
  try {
    const { countUnsent } = await import('../offline/outbox.ts');
    unsent = await countUnsent(userId);
  } catch (error) {
    console.warn('sign-out: the changes on this device could not be counted', error);
    unsent = null;
  }
  if (unsent !== 0 && !(await confirmUnsent(unsent))) return false;

  // While the token still works, so the server forgets this browser's subscription too.
  await withTimeout(
    import('../features/notifications/pushDevice.ts').then(({ turnAlertsOff }) => turnAlertsOff()),
    PUSH_OFF_TIMEOUT_MS,
  ).catch((error: unknown) => console.warn('sign-out: push alerts could not be turned off', error));

  // The server ends the token too, so a copy of it (a shared device, a stolen cookie) stops working.
  // Offline, the token simply expires in its time; the device forgets it either way.
  await withTimeout(
    import('../api/accounts.ts').then(({ accountsApi }) =>
      accountsApi.signout(AbortSignal.timeout(PUSH_OFF_TIMEOUT_MS)),
    ),
    PUSH_OFF_TIMEOUT_MS,
  ).catch((error: unknown) => console.warn('sign-out: the server could not end the session', error));

  endSession();
  // The signed-in area unmounts first (its cache stops writing), then the device forgets the user.
  await new Promise((resolve) => setTimeout(resolve, 0));
  forgetUserOnDevice(userId);
  try {
    const { clearUserData } = await import('../offline/engine/db.ts');
    await clearUserData(userId);
  } catch (error) {
    console.warn('sign-out: some of this account’s data stayed on the device', error);
    warn(
      'Some of this account’s data could not be removed from this device. Clear the site data in the browser settings to remove it.',
    );
  }
  return true;
}
