/**
 * Where the server's log goes and the request line, the one line written per request.
 *
 * Lines gather here, in a list, until 4 KiB or a second, and go to stdout through pino's
 * SonicBoom in one piece. SonicBoom itself, given lines one by one, appends each to the text it
 * holds and measures that text again, copying up to 16 KiB per request: with a page answered in
 * about 30 µs of CPU, that and the garbage it made were a sixth of it (bench/pages.ts, 2026-11-30).
 */
import { pino, type DestinationStream, type Logger } from 'pino';

interface Destination extends DestinationStream {
  /** Hands what is held to stdout; `done` when it has been written (pino's logger.flush). */
  flush(done?: (error?: Error) => void): void;
}

export function batchedStdout({ minLength = 4096, intervalMs = 1000 } = {}): Destination {
  // minLength 1: writes at once what it is handed, and flush() waits for the write.
  const out = pino.destination({ dest: 1, sync: false, minLength: 1 });
  let held: string[] = [];
  let length = 0;
  const handOver = () => {
    if (held.length === 0) return;
    out.write(held.join(''));
    held = [];
    length = 0;
  };
  setInterval(handOver, intervalMs).unref();
  // Also after an uncaught error: the process's last lines are the ones that say why.
  process.on('exit', () => {
    handOver();
    out.flushSync();
  });
  return {
    write(line: string) {
      held.push(line);
      length += line.length;
      if (length >= minLength) handOver();
    },
    flush(done) {
      handOver();
      out.flush(done);
    },
  };
}

/** What a request line says. */
export interface RequestFacts {
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * Writes the request line to the logger's stream, as `logger.info({ method, path, status, ms },
 * 'request')` would write it (server/test/log.test.ts compares the two), without pino's general
 * serialisation of an object per request; nothing when the level is above info.
 */
export function requestLine(logger: Logger): (facts: RequestFacts) => void {
  if (!logger.isLevelEnabled('info')) return () => undefined;
  const { streamSym, timeSym, chindingsSym, lsCacheSym, messageKeySym, endSym } = pino.symbols;
  const self = logger as unknown as Record<symbol, unknown>;
  const stream = self[streamSym] as DestinationStream;
  const time = self[timeSym] as () => string;
  const start = (self[lsCacheSym] as Record<number, string>)[logger.levels.values.info];
  const bindings = self[chindingsSym] as string;
  const end = `,"${self[messageKeySym] as string}":"request"${self[endSym] as string}`;
  return ({ method, path, status, ms }) => {
    stream.write(
      `${start}${time()}${bindings},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}${end}`,
    );
  };
}
