/**
 * The channels clients' messages reach us by, as Settings shows them: whether each is set up on
 * the server, whether it is connected, when it last took a message, and its last error.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';

const instant = z.iso.datetime().nullable();

export const emailChannelStatus = z
  .object({
    /** IMAP_URL is set on the server. */
    configured: z.boolean(),
    /** The mailbox was read within the last few minutes, without an error since. */
    connected: z.boolean(),
    /** When the mailbox was last read. */
    lastCheckedAt: instant,
    /** When a message was last taken from it. */
    lastMessageAt: instant,
    lastError: z.string().nullable(),
    lastErrorAt: instant,
  })
  .meta({ id: 'EmailChannelStatus' });

export const channelStatus = z.object({ email: emailChannelStatus }).meta({ id: 'ChannelStatus' });
export type ChannelStatus = z.infer<typeof channelStatus>;

/** "Check connection": whether this server reaches the mailbox now, in words. */
export const channelCheckAnswer = messageAnswer.extend({ ok: z.boolean() }).meta({ id: 'ChannelCheckAnswer' });
export type ChannelCheckAnswer = z.infer<typeof channelCheckAnswer>;
