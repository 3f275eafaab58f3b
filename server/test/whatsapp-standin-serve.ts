/**
 * WhatsApp Cloud API's stand-in (whatsapp-standin.ts) as a process of its own, for the browser
 * suites, whose test server calls it at its `url` (http://127.0.0.1:PORT/v23.0): on 127.0.0.1:PORT
 * with TOKEN for PHONE_NUMBER_ID, sending notifications signed with APP_SECRET to WEBHOOK_URL when a
 * test asks over /_standin/ (a user's text message, a message's status; the messages sent).
 * Stops on SIGTERM, as Playwright's webServer stops it.
 */
import { startWhatsAppStandIn } from './whatsapp-standin.js';

const { PORT, TOKEN, PHONE_NUMBER_ID, APP_SECRET, WEBHOOK_URL } = process.env;
if (!PORT || !TOKEN || !PHONE_NUMBER_ID || !APP_SECRET || !WEBHOOK_URL) {
  throw new Error('PORT, TOKEN, PHONE_NUMBER_ID, APP_SECRET and WEBHOOK_URL are required');
}
const stand = await startWhatsAppStandIn({
  port: Number(PORT),
  token: TOKEN,
  phoneNumberId: PHONE_NUMBER_ID,
  appSecret: APP_SECRET,
  control: true,
});
stand.setWebhook(WEBHOOK_URL);
console.log(`WhatsApp stand-in on ${stand.url}`);
process.once('SIGTERM', () => void stand.close().then(() => process.exit(0)));
