import { use, useEffect } from 'react';
import { Layout } from './components/Layout';
import { PageDataContext, PageDataSource } from './content/data';
import { loadPage, loadedPage } from './pages/registry';
import { ParamsContext, useLocation } from './router';
import { matchPage, type PageKey } from '@kafue/common/pages';
import { applyMeta } from './seo';

function PageView({ page, params }: { page: PageKey; params: Record<string, string | undefined> }) {
  const mod = loadedPage(page) ?? use(loadPage(page));
  const { pathname } = useLocation();
  const data = use(PageDataSource)(pathname);
  // A new meta object every render: the effect depends on its values.
  const { title, description } = mod.meta(params, data);
  useEffect(() => applyMeta({ title, description }, pathname), [title, description, pathname]);
  const Page = mod.default;
  return (
    <ParamsContext value={params}>
      <PageDataContext value={data}>
        <Page />
      </PageDataContext>
    </ParamsContext>
  );
}

export function App() {
  const { pathname } = useLocation();
  const { page, params } = matchPage(pathname);
  return (
    <Layout>
      <PageView key={pathname} page={page} params={params} />
    </Layout>
  );
}
