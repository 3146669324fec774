/**
 * Imported first by the main module, so that who the session's token belongs to is asked before
 * anything else is evaluated or fetched: the answer then arrives while the app's code still runs
 * and before the signed-in area's chunks compete with it for the connection (see startup.ts).
 */
import { askForUserEarly } from './startup.ts';

askForUserEarly();
