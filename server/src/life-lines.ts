/**
 * Lines about the server's life (start, database, stop) go out at once; request lines are batched
 * (log.ts). Flushes are coalesced: each pino flush waiting for a write under way adds two
 * listeners to the stream, and a first start writes dozens of such lines in a row.
 */
import type { Logger } from 'pino';

export function lifeLines(logger: Logger): (message: string) => void {
  let flushing = false;
  let again = false;
  const flush = () => {
    if (flushing) {
      again = true;
      return;
    }
    flushing = true;
    logger.flush(() => {
      flushing = false;
      if (again) {
        again = false;
        flush();
      }
    });
  };
  return (message) => {
    logger.info(message);
    flush();
  };
}
