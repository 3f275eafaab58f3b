/**
 * Every call the API serves, by name: its method and its path (`:name` marks a path parameter).
 * endpoints.ts adds each call's zod schemas (body, query, answers); the server declares its routes
 * from those entries and the console calls them (desktop lib/api.ts `call(calls.x, ...)`).
 *
 * This half loads no zod, so that a console screen which calls the API without a form does not
 * carry every schema in its bundle: the console's `call` takes its types from endpoints.ts.
 */
import { collectPath } from './analytics';
import { contactFormPath } from './requests';
import { confirmSubscriptionPath, subscribePath, unsubscribePath } from './newsletter';
import { api } from './contract';

/** The address of the page a content share link opens, before its token. */
export const sharedPreviewPath = '/preview';

/** The public quote page's address, before its token. */
export const quotePagePath = '/quote';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  readonly method: Method;
  readonly path: string;
}

const contentCollection = '/api/content/:collection';
const contentItem = `${contentCollection}/:id` as const;

export const calls = {
  health: { method: 'GET', path: api.health },
  ready: { method: 'GET', path: api.ready },

  // Sign-in, session check and sign-out: both readings of spec section 7 for admins.
  adminLogin: { method: 'POST', path: api.adminLogin },
  authLogin: { method: 'POST', path: api.authLogin },
  adminCheckAuth: { method: 'GET', path: api.adminCheckAuth },
  authVerify: { method: 'GET', path: api.authVerify },
  adminLogout: { method: 'POST', path: api.adminLogout },
  authLogout: { method: 'POST', path: api.authLogout },
  changePassword: { method: 'POST', path: api.changePassword },
  staffLogin: { method: 'POST', path: api.staffLogin },
  staffLogout: { method: 'POST', path: api.staffLogout },
  forgotPassword: { method: 'POST', path: api.forgotPassword },
  resetPassword: { method: 'POST', path: api.resetPassword },

  // The staff portal: the signed-in staff member and the company's WhatsApp number; their
  // enquiries, replies and reminders are the inbox's calls, with team access.
  staffMe: { method: 'GET', path: api.staffMe },
  changeStaffMyPassword: { method: 'POST', path: api.staffMyPassword },
  getMyCompanyWhatsapp: { method: 'GET', path: api.staffMyCompanyWhatsapp },

  // Staff users
  listStaff: { method: 'GET', path: api.staff },
  createStaff: { method: 'POST', path: api.staff },
  updateStaff: { method: 'PUT', path: `${api.staff}/:id` },
  deleteStaff: { method: 'DELETE', path: `${api.staff}/:id` },

  // Settings
  getGeneralSettings: { method: 'GET', path: api.generalSettings },
  saveGeneralSettings: { method: 'POST', path: api.generalSettings },
  getCompanyProfile: { method: 'GET', path: api.companySettings },
  saveCompanyProfile: { method: 'PUT', path: api.companySettings },
  getHeroSettings: { method: 'GET', path: api.heroSettings },
  saveHeroSettings: { method: 'PUT', path: api.heroSettings },
  getNotificationSettings: { method: 'GET', path: api.notificationSettings },
  saveNotificationSettings: { method: 'PUT', path: api.notificationSettings },
  getReplyTargets: { method: 'GET', path: '/api/admin/settings/reply-targets' },
  saveReplyTargets: { method: 'PUT', path: '/api/admin/settings/reply-targets' },
  runBackup: { method: 'POST', path: api.backup },
  listBackups: { method: 'GET', path: api.backups },
  /** By name: the backup list's `fileUrl`. */
  downloadBackup: { method: 'GET', path: `${api.backups}/:name` },
  deleteBackup: { method: 'DELETE', path: `${api.backups}/:id` },
  /** Replaces the data with a kept backup's, after an automatic backup of the current state. */
  restoreBackup: { method: 'POST', path: `${api.backups}/:id/restore` },
  /** The same with a backup file sent as the body (application/octet-stream). */
  restoreUploadedBackup: { method: 'POST', path: api.backupRestoreUpload },
  getBackupSchedule: { method: 'GET', path: api.backupSchedule },
  saveBackupSchedule: { method: 'PUT', path: api.backupSchedule },

  // Admins, their sessions, two-factor sign-in and the security policy
  listAdmins: { method: 'GET', path: api.admins },
  inviteAdmin: { method: 'POST', path: api.admins },
  updateAdmin: { method: 'PUT', path: `${api.admins}/:id` },
  deleteAdmin: { method: 'DELETE', path: `${api.admins}/:id` },
  listAdminSessions: { method: 'GET', path: `${api.admins}/:id/sessions` },
  endAdminSessions: { method: 'DELETE', path: `${api.admins}/:id/sessions` },
  endAdminSession: { method: 'DELETE', path: `${api.admins}/:id/sessions/:sessionId` },
  listMySessions: { method: 'GET', path: api.mySessions },
  /** Every session of the caller but the one making this call. */
  endMyOtherSessions: { method: 'DELETE', path: api.mySessions },
  endMySession: { method: 'DELETE', path: `${api.mySessions}/:id` },
  setupTwoFactor: { method: 'POST', path: api.twoFactorSetup },
  enableTwoFactor: { method: 'POST', path: api.twoFactorEnable },
  disableTwoFactor: { method: 'POST', path: api.twoFactorDisable },
  getSecuritySettings: { method: 'GET', path: api.securitySettings },
  saveSecuritySettings: { method: 'PUT', path: api.securitySettings },

  // The audit log
  listAudit: { method: 'GET', path: api.audit },
  exportAudit: { method: 'GET', path: api.auditExport },
  getAuditSettings: { method: 'GET', path: api.auditSettings },
  saveAuditSettings: { method: 'PUT', path: api.auditSettings },

  // Enquiries: the contact form's call and the admins' inbox
  sendEnquiry: { method: 'POST', path: api.enquiries },
  listEnquiries: { method: 'GET', path: api.enquiries },
  countUnreadEnquiries: { method: 'GET', path: api.enquiriesUnreadCount },
  exportEnquiries: { method: 'GET', path: api.enquiriesExport },
  getEnquiry: { method: 'GET', path: `${api.enquiries}/:id` },
  updateEnquiry: { method: 'PUT', path: `${api.enquiries}/:id` },
  addEnquiryNote: { method: 'POST', path: `${api.enquiries}/:id/notes` },
  deleteEnquiry: { method: 'DELETE', path: `${api.enquiries}/:id` },
  setEnquiryStage: { method: 'PUT', path: `${api.enquiries}/:id/stage` },
  /** A mail to the enquirer, threaded with the replies before it. */
  replyToEnquiry: { method: 'POST', path: `${api.enquiries}/:id/replies` },
  /** A contact made outside the product (phone, WhatsApp, meeting, email), logged. */
  logEnquiryContact: { method: 'POST', path: `${api.enquiries}/:id/contacts` },
  getEnquiryTimeline: { method: 'GET', path: `${api.enquiries}/:id/timeline` },
  /** Each channel clients' messages reach us by: set up, connected, last message, last error. */
  getChannelStatus: { method: 'GET', path: '/api/channels/status' },
  /** Connects to the mailbox now and says whether it worked. */
  checkEmailChannel: { method: 'POST', path: '/api/channels/email/check' },
  /** Checks WhatsApp's number on the Graph API now and says whether it worked. */
  checkWhatsAppChannel: { method: 'POST', path: '/api/channels/whatsapp/check' },
  /** Meta's verification of the webhook's address (hub.mode, hub.verify_token, hub.challenge). */
  verifyWhatsAppWebhook: { method: 'GET', path: '/api/whatsapp/webhook' },
  /** Meta's notifications: clients' WhatsApp messages and our messages' statuses. */
  whatsappWebhook: { method: 'POST', path: '/api/whatsapp/webhook' },
  /** A message from the client as it came (an email's whole source), as text. */
  getEnquiryMessageOriginal: { method: 'GET', path: `${api.enquiries}/:id/messages/:messageId/original` },
  /** A file a client's message brought, as it came (a download, never shown in the page). */
  getEnquiryAttachment: { method: 'GET', path: `${api.enquiries}/:id/attachments/:attachmentId` },
  listSavedReplies: { method: 'GET', path: api.savedReplies },
  createSavedReply: { method: 'POST', path: api.savedReplies },
  updateSavedReply: { method: 'PUT', path: `${api.savedReplies}/:id` },
  deleteSavedReply: { method: 'DELETE', path: `${api.savedReplies}/:id` },
  /** The contact page's form posted without JavaScript (a page, not a console call). */
  postContactForm: { method: 'POST', path: contactFormPath },

  getDashboard: { method: 'GET', path: api.dashboard },
  getChecklist: { method: 'GET', path: api.checklist },
  dismissChecklistItem: { method: 'POST', path: api.checklistDismissed },
  sendTestMail: { method: 'POST', path: api.testMail },
  sendAnnouncement: { method: 'POST', path: api.announcements },

  // Site content: every collection
  listContent: { method: 'GET', path: contentCollection },
  createContent: { method: 'POST', path: contentCollection },
  /** Every item of the collection in its new order, as one change. */
  reorderContent: { method: 'PUT', path: `${contentCollection}/order` },
  updateContent: { method: 'PUT', path: contentItem },
  deleteContent: { method: 'DELETE', path: contentItem },
  listContentRevisions: { method: 'GET', path: `${contentItem}/revisions` },
  restoreContentRevision: { method: 'POST', path: `${contentItem}/revisions/:revisionId/restore` },
  /** The public page the item appears on, rendered with it as saved, pending changes included (text/html). */
  previewContent: { method: 'GET', path: `${contentItem}/preview` },
  /** The same page with the fields posted, not saved: what the editor shows while typing. */
  previewContentChanges: { method: 'POST', path: `${contentItem}/preview` },
  /** Pending changes: saved beside the live item, put live by publish, dropped by delete. */
  saveContentDraft: { method: 'PUT', path: `${contentItem}/draft` },
  publishContentDraft: { method: 'POST', path: `${contentItem}/draft/publish` },
  discardContentDraft: { method: 'DELETE', path: `${contentItem}/draft` },
  /** Links that open the item's page, unpublished, to someone without an account. */
  createShareLink: { method: 'POST', path: `${contentItem}/share-links` },
  listShareLinks: { method: 'GET', path: `${contentItem}/share-links` },
  revokeShareLink: { method: 'DELETE', path: '/api/content/share-links/:id' },
  /** The page a share link opens (text/html). */
  viewSharedPreview: { method: 'GET', path: `${sharedPreviewPath}/:token` },
  getSiteStatus: { method: 'GET', path: api.siteStatus },
  // Scheduled changes: the list (before /:collection, which would take "schedule"), one item's new one, cancelling
  listSchedule: { method: 'GET', path: '/api/content/schedule' },
  cancelSchedule: { method: 'DELETE', path: '/api/content/schedule/:id' },
  scheduleContent: { method: 'POST', path: `${contentItem}/schedule` },

  // Quotes: the console's (admins; staff on the enquiries assigned to them) and the public page's
  listQuotes: { method: 'GET', path: '/api/quotes' },
  createQuote: { method: 'POST', path: '/api/quotes' },
  getQuote: { method: 'GET', path: '/api/quotes/:id' },
  updateQuote: { method: 'PUT', path: '/api/quotes/:id' },
  sendQuote: { method: 'POST', path: '/api/quotes/:id/send' },
  withdrawQuote: { method: 'POST', path: '/api/quotes/:id/withdraw' },
  getQuotePdf: { method: 'GET', path: '/api/quotes/:id/pdf' },
  /** The page the mailed link opens (text/html), and its forms posted without JavaScript. */
  viewQuotePage: { method: 'GET', path: `${quotePagePath}/:token` },
  acceptQuotePage: { method: 'POST', path: `${quotePagePath}/:token/accept` },
  askQuotePage: { method: 'POST', path: `${quotePagePath}/:token/question` },
  getQuotePagePdf: { method: 'GET', path: `${quotePagePath}/:token/pdf` },

  // Payments on accepted quotes by mobile money: the console's, the payer's on the quote page,
  // the receipts, the settings and pawaPay's callback.
  getPaymentSettings: { method: 'GET', path: '/api/settings/payments' },
  savePaymentSettings: { method: 'PUT', path: '/api/settings/payments' },
  listQuotePayments: { method: 'GET', path: '/api/quotes/:id/payments' },
  requestQuotePayment: { method: 'POST', path: '/api/quotes/:id/payment-requests' },
  getReceiptPdf: { method: 'GET', path: '/api/receipts/:id/pdf' },
  createInvoice: { method: 'POST', path: '/api/quotes/:id/invoice' },
  getInvoicePdf: { method: 'GET', path: '/api/invoices/:id/pdf' },
  sendInvoice: { method: 'POST', path: '/api/invoices/:id/send' },
  payQuotePage: { method: 'POST', path: `${quotePagePath}/:token/pay` },
  getQuotePagePayment: { method: 'GET', path: `${quotePagePath}/:token/payments/:paymentId` },
  getQuotePageReceipt: { method: 'GET', path: `${quotePagePath}/:token/payments/:paymentId/receipt` },
  pawapayCallback: { method: 'POST', path: '/api/payments/pawapay/callback' },
  // Following leads up: contacts (any admin), reminders (admins; staff on their own enquiries), the lead report
  listContacts: { method: 'GET', path: api.contacts },
  /** By the address in lower case. */
  getContact: { method: 'GET', path: `${api.contacts}/:key` },
  listEnquiryReminders: { method: 'GET', path: `${api.enquiries}/:id/reminders` },
  createReminder: { method: 'POST', path: `${api.enquiries}/:id/reminders` },
  listMyReminders: { method: 'GET', path: api.reminders },
  doneReminder: { method: 'POST', path: `${api.reminders}/:id/done` },
  snoozeReminder: { method: 'POST', path: `${api.reminders}/:id/snooze` },
  getLeadReport: { method: 'GET', path: api.leadReport },
  // Newsletter: the footer's sign-up, its pages (answered as pages, not console calls), the console's list and sends
  subscribe: { method: 'POST', path: api.subscribers },
  postSubscribeForm: { method: 'POST', path: subscribePath },
  confirmSubscription: { method: 'POST', path: confirmSubscriptionPath },
  unsubscribe: { method: 'POST', path: unsubscribePath },
  listSubscribers: { method: 'GET', path: api.subscribers },
  exportSubscribers: { method: 'GET', path: api.subscribersExport },
  deleteSubscriber: { method: 'DELETE', path: `${api.subscribers}/:id` },
  getNewsletter: { method: 'GET', path: '/api/content/insights/:id/newsletter' },
  sendNewsletter: { method: 'POST', path: '/api/content/insights/:id/newsletter' },
  // Analytics: every public page's beacon (text/plain JSON, answered 204) and the admins' report
  collect: { method: 'POST', path: collectPath },
  getAnalytics: { method: 'GET', path: api.analytics },
  // The site's redirects (automatic ones too) and the missing pages visitors asked for
  listRedirects: { method: 'GET', path: '/api/redirects' },
  createRedirect: { method: 'POST', path: '/api/redirects' },
  updateRedirect: { method: 'PUT', path: '/api/redirects/:id' },
  deleteRedirect: { method: 'DELETE', path: '/api/redirects/:id' },
  listNotFound: { method: 'GET', path: '/api/not-found' },
  // The media library (site content: any admin reads, Super Admins and Editors change)
  listMedia: { method: 'GET', path: api.media },
  uploadMedia: { method: 'POST', path: api.media },
  getMedia: { method: 'GET', path: `${api.media}/:id` },
  updateMedia: { method: 'PUT', path: `${api.media}/:id` },
  deleteMedia: { method: 'DELETE', path: `${api.media}/:id` },
} as const satisfies Record<string, Route>;

export type CallName = keyof typeof calls;

/** The names of a path's parameters: `'id' | 'sessionId'` for `/api/settings/admins/:id/sessions/:sessionId`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A call's path with its parameters filled in, each encoded as one path segment. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
