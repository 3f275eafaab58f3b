/**
 * The log's way out (src/log.ts): the request line is the line pino would write, and lines held
 * for a batched write reach stdout, also when the process ends on an uncaught error.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLine, type RequestFacts } from '../src/log.js';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A logger at `level` whose lines are kept, its clock fixed so that two lines can be compared. */
function keptLogger(level = 'info', options: pino.LoggerOptions = {}) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level, timestamp: () => ',"time":1796000000000', ...options }, sink);
  return { logger, lines };
}

const facts: RequestFacts[] = [
  { method: 'GET', path: '/', status: 200, ms: 0.1 },
  { method: 'HEAD', path: '/service/Web/0', status: 404, ms: 12 },
  { method: 'POST', path: '/a"b\\c/ümlaut/%20', status: 400, ms: 1234.5 },
];

describe('the request line', () => {
  for (const [what, options] of [
    ["with pino's own fields (pid, host name)", {}],
    ['without them, as the server logs', { base: undefined }],
    ['with fields of our own', { base: { service: 'kafue' } }],
  ] as const) {
    it(`is the line logger.info writes, ${what}`, async () => {
      const ours = keptLogger('info', options);
      const theirs = keptLogger('info', options);
      const write = requestLine(ours.logger);
      for (const f of facts) {
        write(f);
        theirs.logger.info({ method: f.method, path: f.path, status: f.status, ms: f.ms }, 'request');
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(ours.lines).toHaveLength(facts.length);
      expect(ours.lines).toEqual(theirs.lines);
      expect(JSON.parse(ours.lines[2])).toMatchObject({ level: 30, msg: 'request', ...facts[2] });
    });
  }

  it('of a child logger carries its fields', async () => {
    const ours = keptLogger();
    const theirs = keptLogger();
    requestLine(ours.logger.child({ worker: 2 }))(facts[0]);
    theirs.logger.child({ worker: 2 }).info({ ...facts[0] }, 'request');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ours.lines).toEqual(theirs.lines);
    expect(JSON.parse(ours.lines[0])).toMatchObject({ worker: 2, path: '/' });
  });

  it('is not written when the level is above info', async () => {
    const { logger, lines } = keptLogger('warn');
    requestLine(logger)(facts[0]);
    logger.warn('a warning');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['a warning']);
  });
});

/** Runs `code` (TypeScript, with batchedStdout and pino imported) in a process; its stdout and exit code. */
function runLogging(code: string): Promise<{ stdout: string; code: number | null }> {
  const script = `import { pino } from 'pino'; import { batchedStdout } from './src/log.ts';\n${code}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve) => child.on('close', (exitCode) => resolve({ stdout, code: exitCode })));
}

describe('the batched stdout', () => {
  it('writes short lines within a second, in order, without waiting for the process to end', async () => {
    const { stdout, code } = await runLogging(`
      const logger = pino({ base: undefined }, batchedStdout());
      for (let i = 0; i < 5; i++) logger.info({ i }, 'held');
      // Killed outright after the interval: nothing runs at exit, so what is out went out before.
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 2500);
    `);
    expect(code).toBe(null);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((l) => l.i)).toEqual([0, 1, 2, 3, 4]);
  });

  it('writes 4 KiB and more at once, in order, every line whole', async () => {
    const { stdout } = await runLogging(`
      const logger = pino({ base: undefined }, batchedStdout());
      for (let i = 0; i < 2000; i++) logger.info({ i, path: '/x'.repeat(i % 50) }, 'request');
      logger.flush(() => process.exit(0));
    `);
    const numbers = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('writes what it holds when the process ends on an uncaught error', async () => {
    const { stdout, code } = await runLogging(`
      const logger = pino({ base: undefined }, batchedStdout());
      logger.info('before the error');
      setImmediate(() => { throw new Error('boom'); });
    `);
    expect(code).toBe(1);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['before the error']);
  });
});
