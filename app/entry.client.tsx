// React Router's default browser entry, except that it hydrates once the page has been parsed:
// the page's texts come after React Router's scripts (decision 0042, app/i18n/page-texts.ts),
// an async module can run before the parser has reached them, and the translator needs them for
// the first render, which must match the server's. No page streams anything after its shell, so
// the end of the HTML follows them closely.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

void documentParsed().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
