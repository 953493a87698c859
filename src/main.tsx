import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { keepEarlyKeys } from './commands/earlyKeys.ts';
import { startSignedIn } from './early.ts';
import './i18n.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import './styles.css';

// Keys typed while the signed-in shell loads wait for the palette (src/commands/earlyKeys.ts).
keepEarlyKeys();
// A signed-in page load starts its layout's code and home's request at once (src/early.ts).
startSignedIn(window.location.pathname, window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
