// First: who the session's token belongs to is asked before the rest of the app is evaluated.
import './session/earlyStart.ts';
// Second: the stylesheet, before the route table below asks for any screen.
import { stylesheetsApplied } from './app/stylesheetsEarly.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkReloadOnDeploy } from './app/chunkReload.ts';
import { router } from './app/router.tsx';
import { listenForInstallPrompt } from './ui/install.ts';
import './index.css';

// zod compiles object parsers with `new Function` unless told not to; the Content-Security-Policy
// forbids eval, so its probe would be reported as a violation on every page that validates. zod reads
// this global when it first loads, which is in a later chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

listenForInstallPrompt();

installChunkReloadOnDeploy(() => {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
});

const container = document.getElementById('root');
if (!container) throw new Error('CareMesh: #root element missing from index.html');

// The page paints its loader before the stylesheet is in; the app renders once it is.
void stylesheetsApplied.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
