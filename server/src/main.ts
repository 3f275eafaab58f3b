/**
 * Entry point of the server (bundled into dist/main.js). It starts the embedded PostgreSQL
 * (unless DATABASE_URL is set) while the rest of the server loads: loading TypeORM, Koa and
 * friends takes about as long as starting PostgreSQL, so the two overlap. See serve.ts.
 */
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startEmbedded } from './db/embedded.js';
import { lifeLines } from './life-lines.js';
import { batchedStdout } from './log.js';

const config = loadConfig();
// Asynchronous, batched writes: lines gather in memory until 4 KiB or 1 s, then go out in one
// write, rather than one write (a system call) per request, which under load cost as much as
// a tenth of the server's time. Written when the process exits, also after an uncaught error
// (log.ts); only a SIGKILL can lose the last second of lines.
const logger = pino({ level: config.logLevel, base: undefined }, batchedStdout());

// A bug in one request must not take the server down for everyone: log it and carry on.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) }, 'unhandled rejection');
});

const note = lifeLines(logger);

const embedded = config.databaseUrl ? undefined : startEmbedded(config.dataDir, note);
// A database that cannot start is for the operator to fix: its one sentence on stderr, no stack
// (pino writes what it holds on 'exit').
embedded?.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import('./serve.js')
  .then(({ serve }) => serve(config, logger, embedded))
  .catch(async (error: unknown) => {
    // A database that started for a server that cannot: stop it (stopping twice is harmless).
    await (await embedded?.catch(() => undefined))?.stop();
    const why = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: why }, 'The server could not start');
    // Also on stderr, as for the database: a supervisor or test runner that keeps only stderr
    // (Playwright's webServer) shows why, not just an exit code.
    process.stderr.write(`The server could not start: ${why}\n`);
    logger.flush(() => process.exit(1));
  });
