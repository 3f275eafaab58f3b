import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { BrowserRouter } from './router';
import type { PageKey } from './routes';

/**
 * Hydrates the prerendered markup. If the HTML is another page's (404.html answering
 * /service/Web/9, for instance), renders afresh instead.
 */
export function hydrate(page: PageKey) {
  const container = document.getElementById('root')!;
  const app = (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
  if (container.dataset.page === page) {
    // In a transition, hydration is time-sliced: no long task holds the main thread.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.textContent = '';
    createRoot(container).render(app);
  }
}
