import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base theme first: feature stylesheets (imported by the components) refine it and must come after. The dialog
// and notice styles are base rules too (features add to .dialog), so they are imported here, right after it.
import './styles.css';
import './ui/dialog.css';
import './ui/notices.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
