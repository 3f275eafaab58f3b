import { use, useEffect } from 'react';
import { Layout } from './components/Layout';
import { PageDataContext, PageDataSource, pageDataKey } from './content/data';
import { loadPage, loadedPage } from './pages/registry';
import { ParamsContext, useLocation } from './router';
import { matchPage, type PageKey } from '@kafue/common/pages';
import { applyMeta } from './seo';

function PageView({ page, params, dataKey }: { page: PageKey; params: Record<string, string | undefined>; dataKey: string }) {
  const mod = loadedPage(page) ?? use(loadPage(page));
  const { pathname } = useLocation();
  const data = use(PageDataSource)(dataKey);
  // A new meta object every render: the effect depends on its values.
  const { title, description, canonical } = mod.meta(params, data);
  useEffect(() => applyMeta({ title, description }, canonical ?? pathname), [title, description, canonical, pathname]);
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
  const { pathname, search } = useLocation();
  const { page, params } = matchPage(pathname);
  const dataKey = pageDataKey(pathname, search);
  return (
    <Layout>
      <PageView key={dataKey} page={page} params={params} dataKey={dataKey} />
    </Layout>
  );
}
