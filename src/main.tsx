import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkReloadOnDeploy } from './app/chunkReload.ts';
import { router } from './app/router.tsx';
import './index.css';

installChunkReloadOnDeploy(() => {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
});

const container = document.getElementById('root');
if (!container) throw new Error('CareMesh: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
