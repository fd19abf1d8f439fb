import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base theme first: feature stylesheets (imported by the components) refine it and must come after. The dialog
// and notice styles are base rules too (features add to .dialog), so they are imported here, right after it.
import './styles.css';
import './ui/dialog.css';
import './ui/notices.css';
import { App } from './App';

const root = document.getElementById('root')!;
if (!window.desk && location.pathname === '/pair') {
  // Phone access's pairing page: its own small chunk, none of the app.
  void import('./features/phone/pair-page/pair-page').then((m) => m.startPairPage(root));
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
