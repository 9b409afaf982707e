// First: zod must know about the CSP before the contract builds its schemas.
import './zod-setup';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredTheme } from './shared/ui/theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyStoredTheme();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
