import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The author of the seed revisions (migration Content). */
const seedAuthor = 'Initial content';

/**
 * The legal pages (/privacy, /terms, /cookies) as content items, published, each marked as
 * needing the company's review, and the search index of the public site (/search).
 */
export class LegalSearch1795600000103 implements MigrationInterface {
  name = 'LegalSearch1795600000103';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // One row per thing a visitor can find (a service, an FAQ, an article, a plan, an add-on, a
    // project price), rebuilt for a collection when its published items change. `source` is the
    // item's id and updated_at as indexed: an unchanged item is not read again.
    await q.query(`
      CREATE TABLE search_entries (
        key text PRIMARY KEY,
        collection text NOT NULL,
        kind text NOT NULL,
        source text NOT NULL,
        position int NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        url text NOT NULL,
        words text NOT NULL,
        -- Written with the row (server/src/search/search.ts), not generated: a backup restores it as it is.
        tsv tsvector NOT NULL,
        -- The title's alone: a title that has the words ranks first, without reading the whole text.
        title_tsv tsvector NOT NULL
      )`);
    await q.query(`CREATE INDEX search_entries_collection ON search_entries (collection)`);
    await q.query(`CREATE INDEX search_entries_tsv ON search_entries USING gin (tsv)`);
    // The fallback for short and misspelled words: the entry's distinct words, by trigrams.
    await q.query(`CREATE INDEX search_entries_words ON search_entries USING gin (words gin_trgm_ops)`);

    await q.query(
      `WITH seed AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS s (position int, fields jsonb)
       ), items AS (
         INSERT INTO content_items (collection, status, position, fields)
         SELECT 'legalPages', 'published', position, fields FROM seed
         RETURNING id, status, position, fields
       )
       INSERT INTO content_revisions (item_id, author_name, snapshot)
       SELECT id, $2, jsonb_build_object('status', status, 'position', position, 'fields', fields) FROM items`,
      [JSON.stringify(legalPages.map((fields, position) => ({ position, fields }))), seedAuthor],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM content_items WHERE collection = 'legalPages'`);
    await q.query(`DROP TABLE search_entries`);
  }
}

/** A frozen copy of the seed's legal pages (common/src/content-seed.ts): later edits of the seed never change what this migration does. */
const legalPages = [
  {
    key: 'privacy',
    title: 'Privacy Policy',
    updated: '2026-11-24',
    needsReview: true,
    body: `Kafue Technologies runs this website. This page says, in plain words, what the site collects about you, why, how long we keep it and what you can ask of us. We follow Zambia's Data Protection Act, 2021.

## What we collect

**When you send the contact form**, we receive what you type in it: your full name, your email address, your phone number (if you give it), the service you chose and your message. We also keep the internet address (IP address) your message came from, because we limit how many messages one address can send, to keep out spam.

**When you subscribe to our newsletter**, we keep your email address, the page you subscribed from and the dates you subscribed, confirmed and unsubscribed. You are only subscribed after you confirm from the email we send you (double opt-in).

We do not collect anything else about visitors: no advertising trackers, no analytics profiles, no data bought from others.

## Why we use it

- To answer your enquiry, prepare a quote and follow up on the work you asked about.
- To send the newsletter you asked for, and nothing else.

We do not sell your details or share them for anyone else's marketing. Our staff see enquiries in our back office, which only signed-in staff can open.

## How long we keep it

- Enquiries are kept until we delete them.
- Newsletter addresses are kept while you are subscribed. A sign-up that is not confirmed within 7 days is deleted. You can unsubscribe at any time with the link in every newsletter; it takes effect at once.

## Your rights

You may ask us what we hold about you, ask us to correct it, or ask us to delete it. Write to us at [info@kafue.example](mailto:info@kafue.example) (or the email address at the foot of every page) and we will answer within 30 days.

See also our [Cookie Policy](/cookies) and [Terms of Service](/terms).`,
  },
  {
    key: 'terms',
    title: 'Terms of Service',
    updated: '2026-11-24',
    needsReview: true,
    body: `These terms apply to your use of the Kafue Technologies website. By using the site you accept them.

## The website

The site describes our services and prices and lets you contact us. Prices and descriptions are given in good faith and may change; the price that applies to your work is the one in the quote we send you.

## Enquiries and quotes

Sending the contact form does not create a contract. We reply to your enquiry and, when you ask, send you a written quote. Work begins once you accept a quote.

## Your use of the site

Please do not send spam, try to break into the site, or send anything unlawful through the contact form.

## Our content

The text, images and logos on this site belong to Kafue Technologies unless stated otherwise. You may share links to our pages.

## Liability

We work to keep the site correct and available, but we cannot promise it will always be free of errors or interruptions.

## Privacy

How we handle your details is described in our [Privacy Policy](/privacy).

## Law

These terms are governed by the laws of the Republic of Zambia.

## Contact

Questions about these terms: [info@kafue.example](mailto:info@kafue.example) (or the email address at the foot of every page).`,
  },
  {
    key: 'cookies',
    title: 'Cookie Policy',
    updated: '2026-11-24',
    needsReview: true,
    body: `## Visitors to the public site

The public pages of this site set no cookies. There are no advertising trackers, no analytics cookies and no social media tracking pixels.

If you use the "add to your request" buttons on the pricing pages, your choices are kept in your browser's session storage (not a cookie) until you close the tab, so that the contact form can show them. They are never sent to us until you send the form.

## Staff of Kafue Technologies

Our back office sets one cookie, its sign-in cookie, when a member of staff signs in. It keeps them signed in, is sent only to this site over a secure connection, cannot be read by scripts, and is deleted when they sign out or the session ends.

## Questions

See our [Privacy Policy](/privacy), or write to [info@kafue.example](mailto:info@kafue.example).`,
  },
];
