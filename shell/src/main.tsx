import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { useSession } from 'shared-api';
import { App } from './app';
import { loadRuntimeConfig } from './runtime-config/shell-config';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The API base URL comes from the runtime JSON, so the session boots after it is read.
void loadRuntimeConfig().then(() => {
  void useSession.getState().boot();
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});
