/** Where a contact's page is: the Contacts screen opened on their address. */
export const contactsPath = '/admin/contacts';
export const contactPath = (email: string) => `${contactsPath}?contact=${encodeURIComponent(email.toLowerCase())}`;
