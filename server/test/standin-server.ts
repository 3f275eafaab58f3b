/**
 * What the stand-ins of outside services (pawaPay, WhatsApp's Cloud API) share: an HTTP server on
 * 127.0.0.1 that reads each request's body whole and hands it parsed (JSON; the text itself when
 * it is not JSON; undefined when empty), and closes with its connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInServer {
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` (a free one by default) and calls `handle` with each request's parsed body. */
export async function startStandInServer(
  port: number | undefined,
  handle: (req: IncomingMessage, res: ServerResponse, body: unknown) => void,
): Promise<StandInServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, parsed(Buffer.concat(chunks).toString('utf8'))));
  });
  await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
