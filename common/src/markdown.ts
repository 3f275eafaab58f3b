/**
 * Markdown as the site shows it (articles, legal pages) and the console previews it: one
 * configuration for both, so the preview is the page. Raw HTML is never passed through (it is
 * shown as text) and a link or image may only point at http(s), mailto or a path of the site.
 */
import MarkdownIt from 'markdown-it';

/** http(s)://, mailto: or a site path ("/pricing", not "//host"); anything else is refused. */
export function isSafeHref(href: string): boolean {
  const url = href.trim();
  if (/^\/(?!\/)/.test(url) || url.startsWith('#')) return true;
  return /^(https?:\/\/|mailto:)/i.test(url);
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
markdown.validateLink = isSafeHref;

/** The body's HTML, safe to put into a page as it is. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The body as plain words (a search index, a feed's summary, a mail). */
export function markdownText(source: string): string {
  const words: string[] = [];
  for (const block of markdown.parse(source, {})) {
    for (const token of block.children ?? []) {
      if (token.type === 'text' || token.type === 'code_inline') words.push(token.content);
      else if (token.type === 'softbreak' || token.type === 'hardbreak') words.push(' ');
    }
    if (block.type === 'code_block' || block.type === 'fence') words.push(block.content);
    if (block.block && block.nesting !== 1) words.push(' ');
  }
  return words.join('').replace(/\s+/g, ' ').trim();
}
