/**
 * The server once its modules are loaded: opens the database, applies migrations, creates the
 * first Super Admin if there is none, then serves the API, the public site and the console on
 * PORT. SIGTERM: /api/ready answers 503 at once while the server goes on serving for
 * DRAIN_SECONDS, so that load balancers move traffic to other processes; then, as at once on
 * SIGINT/SIGHUP (a terminal): stop accepting connections, finish the requests in flight, close
 * the pool, stop the embedded database.
 */
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { createHandler } from './app.js';
import { ensureFirstAdmin } from './auth/accounts.js';
import { purgeOldFailures } from './auth/limiter.js';
import { purgeOldResets } from './auth/password-reset.js';
import { purgeExpiredSessions, Sessions } from './auth/sessions.js';
import { startBackupScheduler } from './backup/schedule.js';
import { Collector, collectorBatch } from './analytics/collector.js';
import { startAnalyticsClock } from './analytics/storage.js';
import { startReminderMailer } from './reminders/reminders.js';
import type { Config } from './config.js';
import { recordStorageReading } from './dashboard/dashboard.js';
import { openDatabase } from './db/data-source.js';
import type { EmbeddedDatabase } from './db/embedded.js';
import type { Lifecycle } from './deps.js';
import { Maintenance } from './maintenance/maintenance.js';
import { startAuditPurge } from './audit/audit.js';
import { purgeEnquiryRate } from './enquiries/enquiries.js';
import { pawapayOf, startPaymentChecks } from './payments/payments.js';
import { runDigests, systemAlert } from './mail/notify.js';
import { purgeAcknowledgements, runReplyReminders, startOldClocks } from './enquiries/clock.js';
import { MailSender, outboxDir } from './mail/sender.js';
import { startSubscriberPurge } from './newsletter/subscribers.js';
import { purgeExpiredShareLinks } from './content/share-links.js';
import { observePublish } from './metrics.js';
import { SitePublisher } from './site/publisher.js';
import { ContentScheduler } from './content/scheduler.js';
import { MediaFiles } from './media/serve.js';
import { MediaRenditions } from './media/renditions.js';
import { lifeLines } from './life-lines.js';
import { MailboxWatcher } from './conversations/mailbox.js';
import { graphFor } from './conversations/graph.js';
import { checkWhatsApp, startWhatsAppWorker } from './conversations/whatsapp.js';

export async function serve(config: Config, logger: Logger, embedded?: Promise<EmbeddedDatabase>): Promise<void> {
  const log = lifeLines(logger);
  const database = await openDatabase(config, log, undefined, embedded);
  const { dataSource } = database;
  const lifecycle: Lifecycle = { draining: false };
  let server: Server;
  let sessions: Sessions | undefined;
  let site: SitePublisher | undefined;
  let analytics: Collector | undefined;
  let scheduler: ContentScheduler | undefined;
  let media: MediaFiles | undefined;
  try {
    const first = await ensureFirstAdmin(dataSource, config);
    if (first) {
      log(`First Super Admin created: ${first.email}`);
      if (first.generatedPassword) {
        // Printed once, on the console only (not through the structured log).
        process.stdout.write(
          `\n  First Super Admin: ${first.email}\n  Password: ${first.generatedPassword}\n` +
            `  Sign in and change it (Settings > Security), or set ADMIN_EMAIL and ADMIN_PASSWORD.\n\n`,
        );
      }
    }
    // Open enquiries stored before the reply clock get their due times (once, across processes).
    const clocks = await startOldClocks(dataSource, new Date());
    if (clocks) log(`Reply clock started on ${clocks} older open enquiries`);
    // The app after the first admin: both hash a password at start, and the admin comes first.
    sessions = await Sessions.open(dataSource, logger);
    const maintenance = new Maintenance(dataSource);
    // The public pages are rendered from the database before the first visitor is served.
    site = await SitePublisher.open({
      db: dataSource,
      logger,
      siteDir: config.siteDir,
      siteUrl: config.siteUrl,
      // Metrics only when someone may read them (as app.ts does for requests).
      onPublished: config.metricsToken ? observePublish : undefined,
    });
    // Scheduled changes whose time passed while no process ran go live now, before the first visitor.
    scheduler = await ContentScheduler.open({ db: dataSource, logger });
    analytics = new Collector(dataSource, {
      ...collectorBatch,
      now: Date.now,
      perMinute: config.limits.beaconsPerMinute,
      onError: (err) => logger.error({ err }, 'analytics: a batch of beacons was lost'),
    });
    media = await MediaFiles.open(dataSource, logger);
    const handle = createHandler({ db: dataSource, sessions, config, logger, lifecycle, maintenance, site, analytics, media });
    // While draining and stopping, every answer closes its connection, so keep-alive clients
    // (and balancers' connection pools) move off at once.
    server = createServer((req, res) => {
      if (lifecycle.draining) res.setHeader('Connection', 'close');
      handle(req, res);
    });
    // Slow headers are cut at 20 s; a whole request may take 15 minutes: a 50 MB video sent from a
    // phone at 0.5 Mbit/s takes about 14 (Node counts from the first byte to the last).
    server.headersTimeout = 20_000;
    server.requestTimeout = 15 * 60_000;
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await analytics?.close();
    await media?.close();
    await scheduler?.close();
    await site?.close();
    await sessions?.close();
    await database.close();
    throw error;
  }

  // Every process on the database runs the purges, with no lock: each is one DELETE of rows
  // whose time has passed, so two at once, or one repeated, remove no more than one would.
  // The storage reading too: the first of a month is kept (the dashboard compares with it).
  const keepStorageReading = () => void recordStorageReading(dataSource).catch(() => undefined);
  keepStorageReading();
  const purge = setInterval(
    () => {
      keepStorageReading();
      purgeExpiredSessions(dataSource).catch(() => undefined);
      purgeOldFailures(dataSource, config.limits).catch(() => undefined);
      purgeOldResets(dataSource).catch(() => undefined);
      purgeEnquiryRate(dataSource, config.limits.enquiryWindowMinutes).catch(() => undefined);
      purgeAcknowledgements(dataSource).catch(() => undefined);
      purgeExpiredShareLinks(dataSource).catch(() => undefined);
    },
    60 * 60 * 1000,
  );
  purge.unref();
  // A scheduled backup that failed is a system alert, mailed to the Admin Email.
  const stopBackups = startBackupScheduler(dataSource, logger, (message) =>
    dataSource.transaction((m) => systemAlert(m, 'Scheduled backup failed', `The scheduled backup failed: ${message}`)),
  );
  const stopAuditPurge = startAuditPurge(dataSource, logger);
  const stopReminders = startReminderMailer(dataSource, config.publicUrl, (error) =>
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'reminder mails failed'),
  );
  // Mobile-money payments without a final state: checked with pawaPay once across processes.
  const pawapay = pawapayOf(config);
  const stopPaymentChecks = pawapay
    ? startPaymentChecks(dataSource, pawapay, (err) =>
        logger.error({ err: err instanceof Error ? err.message : String(err) }, 'payments: status checks failed'),
      )
    : () => undefined;
  // Clients' answers by mail, from IMAP_URL's mailbox: watched by one process at a time.
  const mailbox = config.imap ? new MailboxWatcher(dataSource, { ...config.imap, publicUrl: config.publicUrl }, logger) : undefined;
  mailbox?.start();
  if (!config.imap) log("IMAP_URL is not set: clients' answers by mail stay in the mailbox, not on their enquiries");
  // Clients' WhatsApp messages: Meta's notifications kept by the webhook, handled once across processes.
  const graph = graphFor(config);
  let stopWhatsApp = () => {};
  if (graph) {
    const whatsappFailed = (what: string) => (err: unknown) =>
      logger.error({ err: err instanceof Error ? err.message : String(err) }, `whatsapp: ${what} failed`);
    const worker = startWhatsAppWorker(dataSource, graph, config.publicUrl, whatsappFailed('handling notifications'));
    // Settings shows the number's last check: made at start and every 10 minutes (a failure heals
    // by itself). Recording it needs the database, which may be away meanwhile.
    const checkNumber = () =>
      void checkWhatsApp(dataSource, config.whatsapp, graph)
        .then((check) => check.ok || log(`WhatsApp: ${check.message}`))
        .catch(whatsappFailed('checking the number'));
    checkNumber();
    const numberChecks = setInterval(checkNumber, 10 * 60_000);
    numberChecks.unref();
    stopWhatsApp = () => {
      worker.stop();
      clearInterval(numberChecks);
    };
  } else log('WHATSAPP_TOKEN is not set: WhatsApp is off');
  // Newsletter sign-ups never confirmed: deleted once per slot across processes.
  const stopSubscriberPurge = startSubscriberPurge(dataSource, (err) => logger.error({ err }, 'subscriber purge failed'));
  // Mail: delivered by every process (rows claimed, never twice); digests made once across them.
  const mail = new MailSender(dataSource, config, logger, {
    onTick: async () => {
      for (const slot of await runDigests(dataSource, new Date(), config.publicUrl)) logger.info({ slot }, 'mail: digest made');
      await runReplyReminders(dataSource, config.publicUrl, new Date());
    },
  });
  mail.start();
  // Rollups once across processes; partitions made ahead and dropped after 30 days; old salts deleted.
  const stopAnalytics = startAnalyticsClock(dataSource, (err) => logger.error({ err }, 'analytics rollup failed'));
  // Renditions of uploaded photographs: made by every process (each file claimed by one).
  const renditions = await MediaRenditions.start(dataSource, logger);
  if (!config.smtpUrl) log(`SMTP_URL is not set: mail is written to ${outboxDir(config)} as .eml files`);
  log(`Kafue is serving on http://localhost:${config.port}`);

  const shutdown = async (signal: string, drainSeconds: number) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    clearInterval(purge);
    stopBackups();
    stopAuditPurge();
    stopReminders();
    stopPaymentChecks();
    const mailboxStopped = mailbox?.stop();
    stopWhatsApp();
    stopSubscriberPurge();
    stopAnalytics();
    // No new delivery pass; the one under way (if any) finishes while requests do.
    const mailStopped = mail.stop();
    if (drainSeconds > 0) {
      log(`${signal}: not ready; serving ${drainSeconds} s more while load balancers move traffic away`);
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    }
    log(`${signal}: finishing requests in flight, then stopping`);
    const force = setTimeout(() => {
      logger.warn('Requests still open after 10 s: closing their connections (forced)');
      logger.flush();
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive connections would hold close() open; busy ones finish their request.
      server.closeIdleConnections();
    });
    await scheduler.close();
    await site.close();
    await analytics.close();
    await renditions.close();
    await mailboxStopped;
    await media.close();
    // A pass stuck on an SMTP server that does not answer holds the stop 5 s at most: its
    // claimed mails stay queued (the claim ends with the connection) for the next process.
    await Promise.race([mailStopped, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await sessions.close();
    await database.close();
    log('Stopped');
    logger.flush(() => process.exit(0));
  };
  // SIGTERM is what supervisors and orchestrators send; the others come from a terminal, whose
  // user wants it stopped now.
  process.on('SIGTERM', () => void shutdown('SIGTERM', config.drainSeconds));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGHUP', () => void shutdown('SIGHUP', 0));
}
