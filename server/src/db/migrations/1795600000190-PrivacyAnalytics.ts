import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The author of the seed revisions (migration Content). */
const seedAuthor = 'Initial content';

/**
 * The privacy page states what the site's own visitor analytics (issue 24) keeps: no cookies,
 * nothing in local storage, a salted hash kept one day, page views 30 days, daily totals kept,
 * never addresses or browser names. Only a privacy page whose text is still the one seeded
 * (migration LegalSearch) gets the new text, with its seed revision: text the company has
 * written is theirs, and stays.
 */
export class PrivacyAnalytics1795600000190 implements MigrationInterface {
  name = 'PrivacyAnalytics1795600000190';

  async up(q: QueryRunner): Promise<void> {
    await replaceText(q, seededBody, privacyBody, '2026-11-25');
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceText(q, privacyBody, seededBody, '2026-11-24');
  }
}

/** The privacy page whose text is `from` gets `to` (and the date), in the item and its seed revision. */
async function replaceText(q: QueryRunner, from: string, to: string, toDate: string) {
  await q.query(
    `WITH items AS (
       UPDATE content_items
       SET fields = fields || jsonb_build_object('body', $2::text, 'updated', $3::text), updated_at = now()
       WHERE collection = 'legalPages' AND fields->>'key' = 'privacy' AND fields->>'body' = $1
       RETURNING id
     )
     UPDATE content_revisions r
     SET snapshot = jsonb_set(jsonb_set(r.snapshot, '{fields,body}', to_jsonb($2::text)), '{fields,updated}', to_jsonb($3::text))
     FROM items
     WHERE r.item_id = items.id AND r.author_id IS NULL AND r.author_name = $4 AND r.snapshot #>> '{fields,body}' = $1`,
    [from, to, toDate, seedAuthor],
  );
}

/** The privacy text as seeded (migration LegalSearch), frozen. */
const seededBody = `Kafue Technologies runs this website. This page says, in plain words, what the site collects about you, why, how long we keep it and what you can ask of us. We follow Zambia's Data Protection Act, 2021.

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

See also our [Cookie Policy](/cookies) and [Terms of Service](/terms).`;

/** The privacy text with the visitor analytics (common/src/content-seed.ts), frozen: later edits of the seed never change what this migration does. */
const privacyBody = `Kafue Technologies runs this website. This page says, in plain words, what the site collects about you, why, how long we keep it and what you can ask of us. We follow Zambia's Data Protection Act, 2021.

## What we collect

**When you send the contact form**, we receive what you type in it: your full name, your email address, your phone number (if you give it), the service you chose and your message. We also keep the internet address (IP address) your message came from, because we limit how many messages one address can send, to keep out spam.

**When you subscribe to our newsletter**, we keep your email address, the page you subscribed from and the dates you subscribed, confirmed and unsubscribed. You are only subscribed after you confirm from the email we send you (double opt-in).

**When you visit the site**, each page you open sends us a short note: the page's address, the address of the page that linked to it (a search engine or a Facebook post, for example), the campaign named in that link if any, the width of your screen (to tell phones from computers), and how fast the page loaded and answered you. To count how many different people visit without knowing who they are, our server mixes your internet address and the name of your browser with a random value that it replaces every day, and keeps only the scrambled result (a salted hash) for that one day: it cannot be turned back into your address, and from the next day your visits can no longer be linked to earlier ones. We never store your internet address or your browser's name for this. The site sets no cookies and keeps nothing in your browser's local storage. While your browser tab is open, the page you arrived on and where you came from are kept in that tab's session storage (gone when you close the tab), and are sent with the contact form or the newsletter sign-up if you send one, so that we know which pages and links bring enquiries.

We do not collect anything else about visitors: no advertising trackers, no analytics profiles, no data bought from others. All of it stays in our own database; none of it is sent to any other company.

## Why we use it

- To answer your enquiry, prepare a quote and follow up on the work you asked about.
- To send the newsletter you asked for, and nothing else.

We do not sell your details or share them for anyone else's marketing. Our staff see enquiries in our back office, which only signed-in staff can open.

## How long we keep it

- Enquiries are kept until we delete them.
- Newsletter addresses are kept while you are subscribed. A sign-up that is not confirmed within 7 days is deleted. You can unsubscribe at any time with the link in every newsletter; it takes effect at once.
- The scrambled visitor value is kept for one day, and each day's random value is deleted after its day.
- The record of each page view is kept for 30 days, then deleted.
- Daily totals (how many people visited each page on a day, from which sources and on which kinds of device) are kept; they say nothing about any one visitor.

## Your rights

You may ask us what we hold about you, ask us to correct it, or ask us to delete it. Write to us at [info@kafue.example](mailto:info@kafue.example) (or the email address at the foot of every page) and we will answer within 30 days.

See also our [Cookie Policy](/cookies) and [Terms of Service](/terms).`;
