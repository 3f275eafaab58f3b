import { use } from 'react';
import { brand } from '@kafue/common/brand';
import { articleFeedPath, articleListPath } from '@kafue/common/articles';
import type { PageData } from '@kafue/common/ssr';
import { ArticleCard } from '../components/ArticleCard';
import { PageBanner } from '../components/common';
import { articleTexts as t } from '../content/articles';
import { PageDataContext } from '../content/data';
import { routeMeta } from '../content/meta';
import { Link } from '../router';

export const meta = (_params: Record<string, string | undefined>, data: PageData) => {
  const list = data.articleList;
  if (!list) return routeMeta.notFound;
  const about = [list.category, list.page > 1 ? t.pageOf(list.page, list.pages) : undefined].filter(Boolean).join(', ');
  return { ...routeMeta.insights, title: about ? `${t.heading}: ${about} | ${brand.company}` : routeMeta.insights.title, feed: true };
};

/** /insights: every article newest first, or one category's, a page at a time. */
export default function Insights() {
  const list = use(PageDataContext).articleList;
  if (!list) return null;
  const { articles, categories, category, page, pages } = list;
  return (
    <>
      <PageBanner id="insights-title" heading={category ? `${t.heading}: ${category}` : t.heading} text={t.text} />
      <section className="section">
        <div className="container">
          <nav aria-label={t.filterLabel}>
            <ul className="filter-links">
              {[undefined, ...categories].map((c) => (
                <li key={c ?? ''}>
                  <Link to={articleListPath(c)} className="tag" aria-current={c === category ? 'page' : undefined}>
                    {c ?? t.all}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="grid grid-3">
            {articles.map((a) => (
              <ArticleCard key={a.slug} article={a} heading="h2" />
            ))}
          </div>
          {pages > 1 && (
            <nav aria-label={t.pagingLabel} className="paging">
              {page > 1 ? (
                <Link to={articleListPath(category, page - 1)} rel="prev">
                  {t.newer}
                </Link>
              ) : (
                <span />
              )}
              <span>{t.pageOf(page, pages)}</span>
              {page < pages ? (
                <Link to={articleListPath(category, page + 1)} rel="next">
                  {t.older}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
          <p className="feed-link">
            <a href={articleFeedPath}>{t.feed}</a>
          </p>
        </div>
      </section>
    </>
  );
}
