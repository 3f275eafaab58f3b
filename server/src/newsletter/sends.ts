/**
 * "Send to subscribers": a published article mailed once to every confirmed subscriber, through
 * the mail queue, in one transaction with a row per recipient. The queue delivers each mail once
 * whichever process sends it and keeps it while SMTP is away; an article goes out once (a second
 * send, from another click or process, finds the first). Progress is read from the queue: a
 * recipient's mail is sent when its queue row is gone.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { NewsletterSend, NewsletterStatus } from '@kafue/common/schemas';
import type { AuditRecorder } from '../audit/audit.js';
import { hashToken } from '../auth/sessions.js';
import type { Config } from '../config.js';
import { HttpError, notFound } from '../http/errors.js';
import { queueMail } from '../mail/queue.js';
import { newsletterSender, newToken, unsubscribeHeaders } from './subscribers.js';

interface SendRow {
  id: string;
  created_at: Date;
  created_by_name: string;
  recipients: number;
  queued: number;
  failing: number;
}

const toSend = (r: SendRow): NewsletterSend => ({
  _id: r.id,
  createdAt: r.created_at.toISOString(),
  by: r.created_by_name,
  recipients: r.recipients,
  sent: Math.max(0, r.recipients - r.queued),
  queued: r.queued,
  failing: r.failing,
});

async function readSend(db: DataSource | EntityManager, itemId: string): Promise<NewsletterSend | null> {
  const [row] = await db.query<SendRow[]>(
    `SELECT s.id, s.created_at, s.created_by_name, s.recipients,
            count(q.id)::int AS queued, count(q.id) FILTER (WHERE q.attempts > 0)::int AS failing
       FROM newsletter_sends s
       LEFT JOIN newsletter_deliveries d ON d.send_id = s.id
       LEFT JOIN mail_queue q ON q.id = d.mail_id
      WHERE s.item_id = $1
      GROUP BY s.id`,
    [itemId],
  );
  return row ? toSend(row) : null;
}

interface Article {
  title: string;
  description: string;
  slug: string | null;
  published: boolean;
}

async function readArticle(db: DataSource | EntityManager, itemId: string): Promise<Article | undefined> {
  const [row] = await db.query<Article[]>(
    `SELECT fields->>'title' AS title, coalesce(fields->>'description', '') AS description, fields->>'slug' AS slug,
            status = 'published' AS published
       FROM content_items WHERE id = $1 AND collection = 'insights'`,
    [itemId],
  );
  return row;
}

/** The article's send with its progress, and how many a send would mail now; 404 for no such article. */
export async function newsletterStatus(db: DataSource, itemId: string): Promise<NewsletterStatus> {
  if (!(await readArticle(db, itemId))) throw notFound();
  const [{ confirmed }] = await db.query<[{ confirmed: number }]>(
    `SELECT count(*)::int AS confirmed FROM subscribers WHERE status = 'confirmed'`,
  );
  return { confirmed, send: await readSend(db, itemId) };
}

function newsletterText(company: string, article: Article, articleLink: string, leaveLink: string): string {
  return [
    article.title,
    '',
    article.description,
    '',
    `Read the article: ${articleLink}`,
    '',
    '--',
    `You receive this because you subscribed to the ${company} newsletter.`,
    `Unsubscribe (one click, no sign-in): ${leaveLink}`,
  ].join('\n');
}

/**
 * Queues the published article `itemId` to every confirmed subscriber: 404 for no such article,
 * 400 when it is a draft, 409 when it was sent already. Answers the send as queued.
 */
export async function sendNewsletter(
  db: DataSource,
  config: Config,
  itemId: string,
  by: { id: string; name: string },
  audit: AuditRecorder,
): Promise<NewsletterSend> {
  const sender = await newsletterSender(db, config);
  return db.transaction(async (m) => {
    // FOR SHARE: the article cannot be unpublished or deleted while it is being sent.
    const [locked] = await m.query<unknown[]>(`SELECT 1 FROM content_items WHERE id = $1 AND collection = 'insights' FOR SHARE`, [itemId]);
    const article = locked ? await readArticle(m, itemId) : undefined;
    if (!article) throw notFound();
    if (!article.published) throw new HttpError(400, messages.newsletterNotPublished);
    const recipients = await m.query<{ id: string; email: string }[]>(
      `SELECT id, email FROM subscribers WHERE status = 'confirmed' ORDER BY created_at, id FOR SHARE`,
    );
    // One send per article: another click, or another process, waits here and finds this one.
    const [send] = await m.query<{ id: string }[]>(
      `INSERT INTO newsletter_sends (item_id, title, recipients, created_by_id, created_by_name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (item_id) DO NOTHING RETURNING id`,
      [itemId, article.title.slice(0, 300), recipients.length, by.id, by.name.slice(0, 100)],
    );
    if (!send) throw new HttpError(409, messages.newsletterAlreadySent);
    const articleLink = `${config.publicUrl}${article.slug ? `/insights/${encodeURIComponent(article.slug)}` : '/insights'}`;
    const deliveries = { subscribers: [] as string[], mails: [] as string[], tokens: [] as string[] };
    for (const r of recipients) {
      const token = newToken();
      const { link, headers } = unsubscribeHeaders(config, sender.mailbox, token);
      const mailId = await queueMail(m, {
        to: r.email,
        subject: article.title,
        text: newsletterText(sender.company, article, articleLink, link),
        headers,
      });
      deliveries.subscribers.push(r.id);
      deliveries.mails.push(mailId);
      deliveries.tokens.push(hashToken(token));
    }
    await m.query(
      `INSERT INTO newsletter_deliveries (send_id, subscriber_id, mail_id, unsubscribe_token_hash)
       SELECT $1, s, q, t FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS u (s, q, t)`,
      [send.id, deliveries.subscribers, deliveries.mails, deliveries.tokens],
    );
    await audit(m, {
      action: 'newsletter.send',
      target: { type: 'insight', id: itemId, label: article.title },
      changes: { recipients: { new: recipients.length } },
    });
    return (await readSend(m, itemId)) as NewsletterSend;
  });
}
