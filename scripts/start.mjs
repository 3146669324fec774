// `npm start`: build the PWA if needed, then run the server (TypeScript, loaded by tsx) in this process.
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

// The demo on the embedded database reads its mail at /api/dev/mailbox (from this machine only).
if (!process.env.DATABASE_URL && process.env.NODE_ENV !== 'production') process.env.DEV_ROUTES ??= 'true';

buildIfNeeded();
register();
await import('../server/main.ts');
