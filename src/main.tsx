import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { keepEarlyKeys } from './commands/earlyKeys.ts';
import './i18n.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import './styles.css';

// Keys typed while the signed-in shell loads wait for the palette (src/commands/earlyKeys.ts).
keepEarlyKeys();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
