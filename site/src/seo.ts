import { brand } from '@kafue/common/brand';
import { articleFeedPath, articlePath, newestFirst } from '@kafue/common/articles';
import type { ArticleSummary, SiteContent } from '@kafue/common/contract';
import { openingHoursSpec, socialProfiles, type CompanyProfile } from '@kafue/common/company';
import type { PageMeta } from './content/meta';
import { siteConfig } from './content/site';

export function absoluteUrl(path: string, siteUrl: string = siteConfig.siteUrl): string {
  return new URL(path, siteUrl).href;
}

/** schema.org LocalBusiness for the company, with its contact points as the console set them. */
export function localBusinessJsonLd(company: CompanyProfile, siteUrl: string = siteConfig.siteUrl) {
  const hours = openingHoursSpec(company.openingHours);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${absoluteUrl('/', siteUrl)}#business`,
    name: brand.company,
    url: absoluteUrl('/', siteUrl),
    image: absoluteUrl(siteConfig.ogImage, siteUrl),
    logo: absoluteUrl('/favicon.svg', siteUrl),
    telephone: company.phone,
    email: company.email,
    foundingDate: String(brand.foundedYear),
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address,
      addressLocality: brand.city,
      addressCountry: brand.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: company.latitude, longitude: company.longitude },
    areaServed: brand.country,
    ...(hours && {
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: hours.days, opens: hours.opens, closes: hours.closes },
      ],
    }),
    sameAs: socialProfiles(company).map((s) => s.href),
  };
}

/** schema.org Article for an article's page. */
function articleJsonLd(article: ArticleSummary, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@id': `${absoluteUrl('/', siteUrl)}#business` },
    mainEntityOfPage: absoluteUrl(articlePath(article.slug), siteUrl),
    image: absoluteUrl(article.cover ?? siteConfig.ogImage, siteUrl),
    articleSection: article.category,
  };
}

const jsonLdScript = (value: object) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags of one prerendered page. path null = no canonical (the 404 page). */
export function renderHead(meta: PageMeta, company: CompanyProfile, path: string | null, siteUrl: string = siteConfig.siteUrl): string {
  const url = path ? absoluteUrl(path, siteUrl) : null;
  const { article } = meta;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="${article ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(brand.company)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    url ? `<meta property="og:url" content="${escapeHtml(url)}">` : '',
    `<meta property="og:image" content="${escapeHtml(absoluteUrl(article?.cover ?? siteConfig.ogImage, siteUrl))}">`,
    article ? `<meta property="article:published_time" content="${escapeHtml(article.date)}">` : '',
    article ? `<meta property="article:author" content="${escapeHtml(article.author)}">` : '',
    meta.feed || article
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${brand.company} articles`)}" href="${escapeHtml(absoluteUrl(articleFeedPath, siteUrl))}">`
      : '',
    `<meta property="og:locale" content="en_ZM">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    jsonLdScript(localBusinessJsonLd(company, siteUrl)),
    article ? jsonLdScript(articleJsonLd(article, siteUrl)) : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

export function sitemapXml(paths: readonly string[], siteUrl: string = siteConfig.siteUrl): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(absoluteUrl(p, siteUrl))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string = siteConfig.siteUrl): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /staff\n\nSitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}\n`;
}

/** Articles the feed carries: the newest. */
const feedSize = 20;

/** RFC 822 date of a YYYY-MM-DD day (RSS 2.0's pubDate), at noon UTC. */
const rssDate = (day: string) => new Date(`${day}T12:00:00Z`).toUTCString();

/** The RSS 2.0 feed of the newest articles. */
export function feedXml(content: Pick<SiteContent, 'insights'>, siteUrl: string = siteConfig.siteUrl): string {
  const articles = newestFirst(content.insights).slice(0, feedSize);
  const items = articles.map((a) => {
    const link = escapeHtml(absoluteUrl(articlePath(a.slug), siteUrl));
    return [
      '    <item>',
      `      <title>${escapeHtml(a.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rssDate(a.date)}</pubDate>`,
      `      <dc:creator>${escapeHtml(a.author)}</dc:creator>`,
      `      <category>${escapeHtml(a.category)}</category>`,
      `      <description>${escapeHtml(a.description)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeHtml(`${brand.company}: Tech Insights`)}</title>`,
    `    <link>${escapeHtml(absoluteUrl('/insights', siteUrl))}</link>`,
    `    <atom:link href="${escapeHtml(absoluteUrl(articleFeedPath, siteUrl))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeHtml(`Articles from ${brand.company}`)}</description>`,
    '    <language>en</language>',
    ...(articles[0] ? [`    <lastBuildDate>${rssDate(articles[0].date)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
