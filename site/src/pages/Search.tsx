import { use } from 'react';
import { PageDataContext } from '../content/data';
import { searchMeta } from '../content/meta';
import { searchText as t } from '../content/pages';
import type { PageData } from '@kafue/common/ssr';
import { highlightParts, maxQueryLength, searchKindLabels, searchPath, searchTerms } from '@kafue/common/search';

export const meta = (_params: Record<string, string | undefined>, data: PageData) => searchMeta(data.search?.query);

/** The text with the query's words marked: every part is text (React escapes it), the odd ones inside <mark>. */
function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part));
}

/** /search?q=...: a plain GET form (it works without JavaScript) and the results the server found. */
export default function Search() {
  const { query, results } = use(PageDataContext).search ?? { query: '', results: [] };
  const terms = searchTerms(query);
  return (
    <section className="section search-page" aria-labelledby="search-title">
      <div className="container narrow">
        <h1 id="search-title">{query ? t.resultsFor(query) : t.heading}</h1>
        <form role="search" method="get" action={searchPath} className="search-form">
          <label htmlFor="search-q">{t.label}</label>
          <div className="search-row">
            <input id="search-q" name="q" type="search" defaultValue={query} maxLength={maxQueryLength} required />
            <button type="submit" className="btn btn-primary">
              {t.button}
            </button>
          </div>
        </form>
        {query &&
          (results.length ? (
            <>
              <p className="search-count">{t.count(results.length)}</p>
              <ol className="search-results">
                {results.map((r) => (
                  <li key={`${r.url} ${r.title}`}>
                    <a href={r.url}>
                      <Marked text={r.title} terms={terms} />
                    </a>
                    <span className="search-kind">{searchKindLabels[r.kind]}</span>
                    <p>
                      <Marked text={r.snippet} terms={terms} />
                    </p>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <div className="search-empty">
              <h2>{t.none}</h2>
              <p>{t.help}</p>
            </div>
          ))}
      </div>
    </section>
  );
}
