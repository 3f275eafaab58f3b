import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The first group of `link` in the last mail to `to` in a test server's outbox (`dataDir`/outbox,
 * where the server writes each mail when no SMTP server is set), or undefined while none is there.
 */
export async function linkInOutbox(dataDir, to, link) {
  const outbox = join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const addressed = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi');
  let found;
  for (const file of files) {
    // Quoted-printable: soft line breaks joined, '=' decoded, so that a long link reads whole.
    const raw = (await readFile(join(outbox, file), 'utf8')).replace(/=\r\n/g, '').replace(/=3D/g, '=');
    if (addressed.test(raw)) found = link.exec(raw)?.[1] ?? found;
  }
  return found;
}
