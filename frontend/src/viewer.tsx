import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DeckViewer } from './features/deck-links/DeckViewer';
import './index.css';

/**
 * The public deck viewer's own entry (viewer.html, served for /d/:token): the viewer and what it
 * draws with, not the whole app, so an investor's first page is not behind the app's JavaScript.
 * The theme was applied by viewer.html's inline script before the first paint.
 */
const token = decodeURIComponent(window.location.pathname.split('/d/')[1]?.split('/')[0] ?? '');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DeckViewer token={token} />
  </StrictMode>,
);
