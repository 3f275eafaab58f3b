import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { PageData } from '@kafue/common/ssr';
import { PageDataSource, pageDataId, pageDataKey, readPageData } from './content/data';
import { BrowserRouter } from './router';
import { countPageView } from './analytics/count';
import { keepAttribution } from './analytics/visit';
import type { PageKey } from '@kafue/common/pages';

/** The data of every page seen so far, by page key (pageDataKey): the first from this page, the others fetched. */
const seen = new Map<string, PageData>();
const dataOf = (key: string) => seen.get(key) ?? {};

/** Before an in-page navigation: the next page's data, read from that page's HTML (the browser caches it). */
async function prepare(pathname: string, search: string): Promise<void> {
  const key = pageDataKey(pathname, search);
  if (seen.has(key)) return;
  const response = await fetch(key, { headers: { accept: 'text/html' } });
  if (!response.ok && response.status !== 404) throw new Error(`${key}: ${response.status}`);
  seen.set(key, readPageData(await response.text()));
}

/**
 * Hydrates the prerendered markup. If the HTML is another page's (404.html answering
 * /service/Web/9, for instance), renders afresh instead.
 */
export function hydrate(page: PageKey) {
  // Before the forms show: they carry where the visit came from.
  keepAttribution();
  const container = document.getElementById('root')!;
  const script = document.getElementById(pageDataId);
  seen.set(
    pageDataKey(window.location.pathname, window.location.search),
    script?.textContent ? (JSON.parse(script.textContent) as PageData) : {},
  );
  const app = (
    <PageDataSource value={dataOf}>
      <BrowserRouter prepare={prepare} onNavigate={countPageView}>
        <App />
      </BrowserRouter>
    </PageDataSource>
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
