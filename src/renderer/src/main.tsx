import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base theme first: feature stylesheets (imported by the components) refine it and must come after.
import './styles.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
