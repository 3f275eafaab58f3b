/**
 * Analytics beacons for the benches: POST /api/collect as the site's script sends it, each from
 * the next of 262,144 addresses (the per-address limit is never what is measured). Run as a script
 * (`tsx bench/beacon-stream.ts URL SECONDS RATE`), it is a stream of its own process, so that the
 * page load generator of collect.ts keeps its event loop to itself: it prints "started" once
 * loaded, then the figures as JSON.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { collectPath } from '@kafue/common/analytics';

const paths = ['/', '/services', '/pricing?utm_source=facebook&utm_campaign=spring', '/contact', '/about'];

/** How many beacons this process has sent. */
export let sent = 0;

function nextBeacon() {
  const n = sent++;
  return {
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': `10.${(n >> 16) % 4}.${(n >> 8) & 255}.${n & 255}`,
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
    },
    body: JSON.stringify({ type: 'pageview', path: paths[n % paths.length], referrer: 'https://www.google.com/', width: 390 }),
  };
}

export interface BeaconRun {
  perSecond: number;
  answered: number;
}

/**
 * Beacons at `url` for `duration` s: as fast as `connections` get answers, or at `rate` a second.
 * Visitors' beacons come each on its own connection whatever the server's latency, so a rate is
 * spread over enough connections (each asks for at most 20 a second) for a busy server's latency
 * not to hold it back. Throws on any error or answer but 204.
 */
export async function sendBeacons(url: string, duration: number, { connections = 50, rate }: { connections?: number; rate?: number }) {
  const result = await autocannon({
    url,
    connections: rate ? Math.max(10, Math.ceil(rate / 20)) : connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [{ method: 'POST', path: collectPath, setupRequest: (request) => ({ ...request, ...nextBeacon() }) }],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}${collectPath}: ${errors} errors or non-2xx answers`);
  return { perSecond: result.requests.average, answered: result['2xx'] } satisfies BeaconRun;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, seconds, rate] = process.argv.slice(2);
  console.log('started');
  sendBeacons(url, Number(seconds), { rate: Number(rate) }).then(
    (run) => console.log(JSON.stringify(run)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
