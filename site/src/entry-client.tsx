import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { App } from './App';
import { loadPage } from './pages/registry';
import { matchPage } from './routes';
import './styles.css';

const container = document.getElementById('root')!;
const { page } = matchPage(window.location.pathname);

// Load the page's chunk first (its <link rel="modulepreload"> is in the HTML), then hydrate the
// prerendered markup. If the HTML is another page's (e.g. 404.html answering /service/Web/9),
// render afresh instead of hydrating.
loadPage(page).then(() => {
  const app = (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
  if (container.dataset.page === page) {
    hydrateRoot(container, app);
  } else {
    container.textContent = '';
    createRoot(container).render(app);
  }
});
