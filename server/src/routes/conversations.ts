/** The channels clients' messages reach us by, for the Super Admin's Settings: their state, and a check now. */
import { endpoints } from '@kafue/common/endpoints';
import { checkMailbox, mailboxStatus } from '../conversations/mailbox.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function conversationEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getChannelStatus,
      access: 'superAdmin',
      handle: async () => ({ email: await mailboxStatus(db, config.imap) }),
    }),
    endpoint({
      ...endpoints.checkEmailChannel,
      access: 'superAdmin',
      unaudited: 'a check connects and reads, and changes nothing',
      handle: () => checkMailbox(config.imap?.url),
    }),
  ];
}
