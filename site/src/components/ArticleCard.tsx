import { articlePath } from '@kafue/common/articles';
import type { ArticleSummary } from '@kafue/common/contract';
import { articleTexts } from '../content/articles';
import { Link } from '../router';
import { formatDate } from './common';
import { Icon } from './Icon';

/** An article's card: category, date, title, description and Read More to its page. */
export function ArticleCard({ article, heading: Heading = 'h3' }: { article: ArticleSummary; heading?: 'h2' | 'h3' }) {
  return (
    <article className="card blog-card" data-reveal="">
      <div className="blog-meta">
        <span className="tag">{article.category}</span>
        <time dateTime={article.date}>{formatDate(article.date)}</time>
      </div>
      <Heading>{article.title}</Heading>
      <p>{article.description}</p>
      <Link to={articlePath(article.slug)} className="text-link">
        {articleTexts.readMore}
        <span className="sr-only">: {article.title}</span>
        <Icon name="arrowRight" size={16} />
      </Link>
    </article>
  );
}
