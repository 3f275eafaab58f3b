import { use } from 'react';
import { Layout } from './components/Layout';
import { PageDataContext, PageDataSource, pageDataKey } from './content/data';
import { pages } from './pages/registry';
import { ParamsContext, useLocation } from './router';
import { matchPage } from '@kafue/common/pages';

/** The page at the router's address, inside the layout. */
export function App() {
  const { pathname, search } = useLocation();
  const { page, params } = matchPage(pathname);
  const data = use(PageDataSource)(pageDataKey(pathname, search));
  const Page = pages[page].default;
  return (
    <Layout>
      <ParamsContext value={params}>
        <PageDataContext value={data}>
          <Page />
        </PageDataContext>
      </ParamsContext>
    </Layout>
  );
}
