/**
 * The channels clients' messages reach us by, as Settings shows them: whether each is set up on
 * the server, whether it is connected, when it last took a message, and its last error.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';

const instant = z.iso.datetime().nullable();

/** One channel's connection; for email the mailbox (IMAP_URL), for WhatsApp the Cloud API's number. */
export const channelConnection = z
  .object({
    /** Its settings are on the server (IMAP_URL; the four WHATSAPP_ variables). */
    configured: z.boolean(),
    /**
     * Email: the mailbox was read within the last few minutes, without an error since. WhatsApp:
     * the last check of the number on the Graph API succeeded.
     */
    connected: z.boolean(),
    /** When the mailbox was last read, or the number last checked. */
    lastCheckedAt: instant,
    /** When a message was last taken from it. */
    lastMessageAt: instant,
    lastError: z.string().nullable(),
    lastErrorAt: instant,
  })
  .meta({ id: 'ChannelConnection' });
export type ChannelConnection = z.infer<typeof channelConnection>;

export const channelStatus = z.object({ email: channelConnection, whatsapp: channelConnection }).meta({ id: 'ChannelStatus' });
export type ChannelStatus = z.infer<typeof channelStatus>;

/** "Check connection": whether this server reaches the mailbox (or WhatsApp's number) now, in words. */
export const channelCheckAnswer = messageAnswer.extend({ ok: z.boolean() }).meta({ id: 'ChannelCheckAnswer' });
export type ChannelCheckAnswer = z.infer<typeof channelCheckAnswer>;

/**
 * Meta's webhook verification (GET): the token must be WHATSAPP_VERIFY_TOKEN; the answer is the
 * challenge, as text.
 */
export const whatsappVerification = z
  .object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().optional() })
  .meta({ id: 'WhatsAppVerification' });
export const whatsappChallenge = z
  .string()
  .meta({ id: 'WhatsAppChallenge', description: 'hub.challenge, as text.', contentMediaType: 'text/plain' });

/**
 * A WhatsApp Cloud API notification (`messages`: a client's message or a message's status), taken
 * only with a valid X-Hub-Signature-256; fields Meta adds are taken, never refused.
 */
export const whatsappNotification = z
  .object({ object: z.string(), entry: z.array(z.unknown()) })
  .catchall(z.unknown())
  .meta({ id: 'WhatsAppNotification' });
export const whatsappNotificationAnswer = z.object({ received: z.literal(true) }).meta({ id: 'WhatsAppNotificationAnswer' });

/** WhatsApp's limit on a text message, and how long after a client's last message a business may write freely. */
export const whatsappLimits = { text: 4096, serviceWindowHours: 24 } as const;
