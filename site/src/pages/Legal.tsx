import { use } from 'react';
import { formatDate } from '../components/common';
import { PageDataContext } from '../content/data';
import { legalMeta } from '../content/meta';
import { legalText } from '../content/pages';
import type { PageData } from '@kafue/common/ssr';

export const meta = (_params: Record<string, string | undefined>, data: PageData) => legalMeta(data.legalPage?.title);

/** A legal page (/privacy, /terms, /cookies): its body is HTML the server rendered from the page's Markdown. */
export default function Legal() {
  const page = use(PageDataContext).legalPage;
  if (!page) return null;
  return (
    <article className="section legal-page" aria-labelledby="legal-title">
      <div className="container narrow">
        <h1 id="legal-title">{page.title}</h1>
        <p className="legal-updated">
          {legalText.updated} <time dateTime={page.updated}>{formatDate(page.updated)}</time>
        </p>
        {/* renderMarkdown's output: raw HTML refused, links limited to http(s), mailto and site paths. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
    </article>
  );
}
