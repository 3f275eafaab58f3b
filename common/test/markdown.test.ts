import { describe, expect, it } from 'vitest';
import { isSafeHref, markdownText, renderMarkdown } from '../src/markdown';

describe('markdown', () => {
  it('renders headings, lists and links', () => {
    const html = renderMarkdown('# Title\n\n- one\n- [two](/pricing)\n');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<a href="/pricing">two</a>');
  });

  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).not.toContain('<script>');
  });

  it('refuses links that are not http(s), mailto or a site path', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x']) {
      expect(isSafeHref(href)).toBe(false);
      expect(renderMarkdown(`[x](${href})`)).not.toContain('href=');
    }
    for (const href of ['https://example.com', 'mailto:a@b.zm', '/contact']) expect(isSafeHref(href)).toBe(true);
  });

  it('gives the words without markup', () => {
    expect(markdownText('## CCTV *for* shops\n\nSee [pricing](/pricing).')).toBe('CCTV for shops See pricing.');
  });
});
