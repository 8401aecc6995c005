// The leads inbox's entry: a page of its own, rendered in the browser only (it shows nothing before
// the operator has logged in, so there is nothing to prerender). See docs/decisions/011-inbox-page.md.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InboxApp } from './app.tsx';
import './admin.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <InboxApp />
    </StrictMode>,
  );
}
