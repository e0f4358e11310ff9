// Order matters: antd-mobile's React 19 renderer and i18n must be ready before the first render.
import './app/antdSetup';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyUpColour, storedUpColour } from './app/upColour';
import { currentLanguage, setupI18n } from './i18n';

setupI18n();
// Before the first paint, so no figure flashes in the other convention.
applyUpColour(storedUpColour(currentLanguage));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
