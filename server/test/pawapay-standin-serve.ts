/**
 * pawaPay's stand-in (pawapay-standin.ts) as a process of its own, for the browser suites, whose
 * test server calls it at PAWAPAY_URL: on 127.0.0.1:PORT with TOKEN, sending callbacks to
 * CALLBACK_URL when a test asks over /_standin/ (e2e support: settle a deposit, send its callback).
 * Stops on SIGTERM, as Playwright's webServer stops it.
 */
import { startPawapayStandIn } from './pawapay-standin.js';

const { PORT, TOKEN, CALLBACK_URL } = process.env;
if (!PORT || !TOKEN || !CALLBACK_URL) throw new Error('PORT, TOKEN and CALLBACK_URL are required');
const stand = await startPawapayStandIn({ port: Number(PORT), token: TOKEN, control: { callbackUrl: CALLBACK_URL } });
console.log(`pawaPay stand-in on ${stand.url}`);
process.once('SIGTERM', () => void stand.close().then(() => process.exit(0)));
