// `npm start`: build the PWA if needed, then run the server (TypeScript, loaded by tsx) in this process.
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
register();
await import('../server/main.ts');
