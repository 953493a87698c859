import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { keepEarlyKeys } from './commands/earlyKeys.ts';
import { installFormKeys } from './components/formKeys.ts';
import { startSignedIn } from './early.ts';
import { i18nReady } from './i18n.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import './styles.css';

// Keys typed while the signed-in shell loads wait for the palette (src/commands/earlyKeys.ts).
keepEarlyKeys();
// Ctrl+Enter submits any form or answers any dialog; Enter in a form's select submits it (issue 25).
installFormKeys();
// A signed-in page load starts its layout's code and home's request at once (src/early.ts).
startSignedIn(window.location.pathname, window.location.search);

// The first render waits for the language's labels (one chunk), so it is already translated.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);

registerServiceWorker();
