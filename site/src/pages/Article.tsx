import { use } from 'react';
import { brand } from '@kafue/common/brand';
import { contactFormPath } from '@kafue/common/requests';
import type { PageData } from '@kafue/common/ssr';
import { ArticleCard } from '../components/ArticleCard';
import { CtaBand, formatDate } from '../components/common';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { articleTexts as t } from '../content/articles';
import { PageDataContext } from '../content/data';
import { routeMeta } from '../content/meta';
import { Link } from '../router';

export const meta = (_params: Record<string, string | undefined>, { article }: PageData) =>
  article ? { title: `${article.title} | ${brand.company}`, description: article.description, article } : routeMeta.notFound;

/**
 * /insights/{slug}: the article. Its body comes as HTML the server rendered from the Markdown
 * (raw HTML refused, safe links only), so the browser loads no Markdown code.
 */
export default function Article() {
  const { article, related = [] } = use(PageDataContext);
  if (!article) {
    return (
      <section className="section not-found-service" aria-labelledby="article-missing">
        <div className="container narrow center">
          <h1 id="article-missing">{t.notFound}</h1>
          <Link to="/insights" className="back-link">
            <Icon name="arrowLeft" size={18} />
            {t.back}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <article aria-labelledby="article-title">
        <header className="page-banner detail-banner">
          <div className="container narrow">
            <Link to="/insights" className="back-link">
              <Icon name="arrowLeft" size={18} />
              {t.back}
            </Link>
            <p className="eyebrow light">{article.category}</p>
            <h1 id="article-title">{article.title}</h1>
            <p className="article-byline">
              <time dateTime={article.date}>{formatDate(article.date)}</time>
              {` · ${t.by} ${article.author}`}
            </p>
          </div>
        </header>
        <div className="section">
          <div className="container narrow">
            {article.coverImage ? (
              <Picture id={article.coverImage} className="article-cover" sizes="(min-width: 800px) 760px, calc(100vw - 40px)" eager />
            ) : (
              article.cover && <img className="article-cover" src={article.cover} alt={article.coverAlt ?? ''} />
            )}
            <div className="article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
          </div>
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-soft" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading">{t.related}</h2>
            <div className="grid grid-3">
              {related.map((a) => (
                <ArticleCard key={a.slug} article={a} />
              ))}
            </div>
          </div>
        </section>
      )}
      <CtaBand
        id="article-cta"
        heading={t.ctaHeading}
        text={t.ctaText}
        primary={
          <Link to={contactFormPath} className="btn btn-accent btn-lg">
            {t.ctaPrimary}
          </Link>
        }
        secondary={
          <Link to="/services" className="btn btn-ghost-light btn-lg">
            {t.ctaSecondary}
          </Link>
        }
      />
    </>
  );
}
