/**
 * Entry point of the server (bundled into dist/main.js). It starts the embedded PostgreSQL
 * (unless DATABASE_URL is set) while the rest of the server loads: loading TypeORM, Koa and
 * friends takes about as long as starting PostgreSQL, so the two overlap. See serve.ts.
 */
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startEmbedded } from './db/embedded.js';

const config = loadConfig();
// Asynchronous writes: log lines that queue up while one write is under way go out together,
// rather than one write per request. Flushed before the process exits.
const logger = pino({ level: config.logLevel, base: undefined }, pino.destination({ dest: 1, sync: false }));

// A bug in one request must not take the server down for everyone: log it and carry on.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) }, 'unhandled rejection');
});

const embedded = config.databaseUrl ? undefined : startEmbedded(config.dataDir, (m) => logger.info(m));
// The outcome is handled by serve(); this only keeps an early failure from being "unhandled".
embedded?.catch(() => undefined);

import('./serve.js')
  .then(({ serve }) => serve(config, logger, embedded))
  .catch(async (error: unknown) => {
    // A database that started for a server that cannot: stop it (stopping twice is harmless).
    await (await embedded?.catch(() => undefined))?.stop();
    logger.fatal({ err: error instanceof Error ? error.message : String(error) }, 'The server could not start');
    logger.flush(() => process.exit(1));
  });
