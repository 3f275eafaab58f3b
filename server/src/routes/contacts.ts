/**
 * Contacts (any admin). Staff see none: a contact's other enquiries may be assigned to others, and
 * the staff portal shows a staff member their own enquiries already.
 */
import { endpoints } from '@kafue/common/endpoints';
import { contactKey, contactListQuery } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { findContact, listContacts } from '../contacts/contacts.js';
import { notFound } from '../http/errors.js';
import { parseQuery } from '../http/validate.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function contactEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listContacts,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listContacts(db, parseQuery(contactListQuery, ctx.query)),
    }),
    endpoint({
      ...endpoints.getContact,
      access: 'anyAdmin',
      async handle({ params }) {
        const key = contactKey.safeParse(params.key);
        const found = key.success ? await findContact(db, key.data) : undefined;
        if (!found) throw notFound();
        return found;
      },
    }),
  ];
}
