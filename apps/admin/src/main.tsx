import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <main
      style={{ fontFamily: 'system-ui, sans-serif', paddingBlock: '3rem', paddingInline: '1.5rem' }}
    >
      <h1 style={{ marginBlock: 0 }}>SWX back office</h1>
    </main>
  </StrictMode>,
);
