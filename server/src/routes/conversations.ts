/**
 * The channels clients' messages reach us by: their state and a check now, for the Super Admin's
 * Settings; and WhatsApp's webhook, which Meta verifies (GET) and sends its notifications to
 * (POST, signed with the app secret).
 */
import { endpoints } from '@kafue/common/endpoints';
import { checkMailbox, mailboxStatus } from '../conversations/mailbox.js';
import { graphFor, signedByMeta } from '../conversations/graph.js';
import { checkWhatsApp, handleNotifications, keepNotification, whatsappStatus } from '../conversations/whatsapp.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function conversationEndpoints({ db, config, logger }: AppDeps): Endpoint[] {
  const graph = graphFor(config);
  const notSetUp = () => new HttpError(404, 'WhatsApp is not set up on this server.');
  return [
    endpoint({
      ...endpoints.getChannelStatus,
      access: 'superAdmin',
      handle: async () => ({ email: await mailboxStatus(db, config.imap), whatsapp: await whatsappStatus(db, config.whatsapp) }),
    }),
    endpoint({
      ...endpoints.checkEmailChannel,
      access: 'superAdmin',
      unaudited: 'a check connects and reads, and changes nothing',
      handle: () => checkMailbox(config.imap?.url),
    }),
    endpoint({
      ...endpoints.checkWhatsAppChannel,
      access: 'superAdmin',
      unaudited: 'a check reads the number and records only whether that worked',
      handle: () => checkWhatsApp(db, config.whatsapp, graph),
    }),
    // Meta's check that the address is ours: the challenge back when the token is WHATSAPP_VERIFY_TOKEN.
    endpoint({
      ...endpoints.verifyWhatsAppWebhook,
      access: 'public',
      async handle({ ctx }) {
        if (!config.whatsapp) throw notSetUp();
        const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = ctx.query;
        if (mode !== 'subscribe' || token !== config.whatsapp.verifyToken || typeof challenge !== 'string') {
          throw new HttpError(403, 'The verify token does not match.');
        }
        ctx.type = 'text/plain; charset=utf-8';
        return challenge;
      },
    }),
    // A notification is kept as it came, then answered at once; this process handles it next
    // (any process will, if this one cannot), each message once by its id.
    endpoint({
      ...endpoints.whatsappWebhook,
      access: 'public',
      unaudited: 'a notification is only kept here; an enquiry it starts writes its own audit row',
      async handle({ ctx }) {
        if (!config.whatsapp || !graph) throw notSetUp();
        const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
        if (!signedByMeta(config.whatsapp.appSecret, raw, ctx.get('X-Hub-Signature-256') || undefined)) {
          throw new HttpError(401, 'The signature does not match.');
        }
        const at = new Date();
        await keepNotification(db, raw, at);
        void handleNotifications(db, graph, config.publicUrl, at).catch((err: unknown) =>
          logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'whatsapp: handling notifications failed'),
        );
        return { received: true as const };
      },
    }),
  ];
}
