/**
 * The API's table of calls: each call of calls.ts with its zod schemas, the body it takes, the
 * query it reads and its answer for each status it chooses (errors share apiError). The server
 * declares every route from its entry (`endpoint({ ...endpoints.listStaff, access, handle })`,
 * which the OpenAPI document is generated from); the console takes its calls' types from it.
 */
import type { z } from 'zod';
import { calls, type CallName, type Route } from './calls';
import {
  activeSessionList,
  adminChangeAnswer,
  adminInviteBody,
  adminList,
  adminLoginAnswer,
  adminUpdateBody,
  announcementAnswer,
  announcementBody,
  auditCsv,
  auditListAnswer,
  auditQuery,
  auditSettings,
  auditSettingsAnswer,
  authCheckAnswer,
  backupAnswer,
  backupFile,
  backupListAnswer,
  backupListQuery,
  backupRestoreAnswer,
  backupScheduleAnswer,
  backupScheduleBody,
  backupUpload,
  changePasswordBody,
  checklist,
  checklistDismissBody,
  companyProfile,
  companyProfileAnswer,
  companyWhatsapp,
  replyTargets,
  replyTargetsAnswer,
  heroSettings,
  heroSettingsAnswer,
  contactPage,
  contentChangeAnswer,
  contentItemBody,
  contentList,
  contentOrderBody,
  contentRevisionList,
  dashboard,
  enquiriesCsv,
  enquiryBody,
  enquiryDetail,
  enquiryList,
  enquiryListQuery,
  enquiryNoteAnswer,
  enquiryNoteBody,
  enquiryStageBody,
  enquiryUpdateAnswer,
  enquiryUpdateBody,
  forgotPasswordBody,
  generalSettings,
  generalSettingsBody,
  healthOk,
  healthUnavailable,
  loginBody,
  messageAnswer,
  notificationSettings,
  notificationSettingsAnswer,
  notReady,
  previewPage,
  readyOk,
  resetPasswordAnswer,
  resetPasswordBody,
  securitySettings,
  securitySettingsAnswer,
  settingsUpdateAnswer,
  siteStatus,
  staffCreateAnswer,
  staffCreateBody,
  staffEnquiryUpdateBody,
  staffList,
  staffLoginAnswer,
  staffSelf,
  staffUpdateAnswer,
  staffUpdateBody,
  testMailAnswer,
  twoFactorDisableBody,
  twoFactorEnableAnswer,
  twoFactorEnableBody,
  twoFactorSetupAnswer,
  unreadCount,
  enquiryReplyBody,
  enquiryContactBody,
  enquiryResponseAnswer,
  enquiryTimeline,
  savedReplyBody,
  savedReplyList,
  savedReplyAnswer,
  quoteAnswer,
  quoteCreateBody,
  quoteList,
  quoteListQuery,
  quotePage,
  quotePdf,
  quoteUpdateBody,
  contactDetail,
  contactList,
  contactListQuery,
  leadReport,
  analyticsQuery,
  beaconBody,
  noContent,
  analyticsReport,
  leadReportQuery,
  reminderAnswer,
  reminderBody,
  reminderList,
  reminderSnoozeBody,
  newsletterPage,
  newsletterSendAnswer,
  newsletterStatus,
  subscribeBody,
  subscriberList,
  subscriberListQuery,
  subscribersCsv,
  mediaAltBody,
  mediaChangeAnswer,
  mediaInUseAnswer,
  mediaItem,
  mediaList,
  mediaListQuery,
  mediaUpload,
} from './schemas';

export interface ApiCall extends Route {
  /** Validated before the call runs (400 with per-field errors). */
  readonly body?: z.ZodType;
  /**
   * The body as documented, for a call that validates its body itself because its schema
   * depends on the path (the content collections): 400 with per-field errors all the same.
   */
  readonly documentedBody?: z.ZodType;
  /** The query string the call reads (its filters, page and page size). */
  readonly query?: z.ZodType;
  /** The answer's schema for each status the call chooses: its success at least. */
  readonly answer: Readonly<Partial<Record<number, z.ZodType>>>;
}

const quotePageAnswers = { 200: quotePage, 400: quotePage, 404: quotePage, 409: quotePage, 429: quotePage };
const newsletterPageAnswers = { 200: newsletterPage, 303: newsletterPage, 400: newsletterPage, 403: newsletterPage, 429: newsletterPage };
const contactPageAnswers = { 200: contactPage, 303: contactPage, 400: contactPage, 403: contactPage, 429: contactPage };

export const endpoints = {
  health: { ...calls.health, answer: { 200: healthOk, 503: healthUnavailable } },
  ready: { ...calls.ready, answer: { 200: readyOk, 503: notReady } },

  adminLogin: { ...calls.adminLogin, body: loginBody, answer: { 200: adminLoginAnswer } },
  authLogin: { ...calls.authLogin, body: loginBody, answer: { 200: adminLoginAnswer } },
  adminCheckAuth: { ...calls.adminCheckAuth, answer: { 200: authCheckAnswer } },
  authVerify: { ...calls.authVerify, answer: { 200: authCheckAnswer } },
  adminLogout: { ...calls.adminLogout, answer: { 200: messageAnswer } },
  authLogout: { ...calls.authLogout, answer: { 200: messageAnswer } },
  changePassword: { ...calls.changePassword, body: changePasswordBody, answer: { 200: messageAnswer } },
  staffLogin: { ...calls.staffLogin, body: loginBody, answer: { 200: staffLoginAnswer } },
  staffLogout: { ...calls.staffLogout, answer: { 200: messageAnswer } },
  forgotPassword: { ...calls.forgotPassword, body: forgotPasswordBody, answer: { 200: messageAnswer } },
  resetPassword: { ...calls.resetPassword, body: resetPasswordBody, answer: { 200: resetPasswordAnswer } },

  staffMe: { ...calls.staffMe, answer: { 200: staffSelf } },
  changeStaffMyPassword: { ...calls.changeStaffMyPassword, body: changePasswordBody, answer: { 200: messageAnswer } },
  listMyEnquiries: { ...calls.listMyEnquiries, query: enquiryListQuery, answer: { 200: enquiryList } },
  getMyEnquiry: { ...calls.getMyEnquiry, answer: { 200: enquiryDetail } },
  updateMyEnquiry: { ...calls.updateMyEnquiry, body: staffEnquiryUpdateBody, answer: { 200: enquiryUpdateAnswer } },
  addMyEnquiryNote: { ...calls.addMyEnquiryNote, body: enquiryNoteBody, answer: { 201: enquiryNoteAnswer } },
  setMyEnquiryStage: { ...calls.setMyEnquiryStage, body: enquiryStageBody, answer: { 200: enquiryUpdateAnswer } },
  replyToMyEnquiry: { ...calls.replyToMyEnquiry, body: enquiryReplyBody, answer: { 201: enquiryResponseAnswer } },
  logMyEnquiryContact: { ...calls.logMyEnquiryContact, body: enquiryContactBody, answer: { 201: enquiryResponseAnswer } },
  getMyEnquiryTimeline: { ...calls.getMyEnquiryTimeline, answer: { 200: enquiryTimeline } },
  listMySavedReplies: { ...calls.listMySavedReplies, answer: { 200: savedReplyList } },
  getMyCompanyWhatsapp: { ...calls.getMyCompanyWhatsapp, answer: { 200: companyWhatsapp } },

  listStaff: { ...calls.listStaff, answer: { 200: staffList } },
  createStaff: { ...calls.createStaff, body: staffCreateBody, answer: { 201: staffCreateAnswer } },
  updateStaff: { ...calls.updateStaff, body: staffUpdateBody, answer: { 200: staffUpdateAnswer } },
  deleteStaff: { ...calls.deleteStaff, answer: { 200: messageAnswer } },

  getGeneralSettings: { ...calls.getGeneralSettings, answer: { 200: generalSettings } },
  saveGeneralSettings: { ...calls.saveGeneralSettings, body: generalSettingsBody, answer: { 200: settingsUpdateAnswer } },
  getCompanyProfile: { ...calls.getCompanyProfile, answer: { 200: companyProfile } },
  saveCompanyProfile: { ...calls.saveCompanyProfile, body: companyProfile, answer: { 200: companyProfileAnswer } },
  getHeroSettings: { ...calls.getHeroSettings, answer: { 200: heroSettings } },
  saveHeroSettings: { ...calls.saveHeroSettings, body: heroSettings, answer: { 200: heroSettingsAnswer } },
  getNotificationSettings: { ...calls.getNotificationSettings, answer: { 200: notificationSettings } },
  saveNotificationSettings: {
    ...calls.saveNotificationSettings,
    body: notificationSettings,
    answer: { 200: notificationSettingsAnswer },
  },
  getReplyTargets: { ...calls.getReplyTargets, answer: { 200: replyTargets } },
  saveReplyTargets: { ...calls.saveReplyTargets, body: replyTargets, answer: { 200: replyTargetsAnswer } },
  runBackup: { ...calls.runBackup, answer: { 200: backupAnswer } },
  listBackups: { ...calls.listBackups, query: backupListQuery, answer: { 200: backupListAnswer } },
  downloadBackup: { ...calls.downloadBackup, answer: { 200: backupFile } },
  deleteBackup: { ...calls.deleteBackup, answer: { 200: messageAnswer } },
  restoreBackup: { ...calls.restoreBackup, answer: { 200: backupRestoreAnswer } },
  restoreUploadedBackup: { ...calls.restoreUploadedBackup, documentedBody: backupUpload, answer: { 200: backupRestoreAnswer } },
  getBackupSchedule: { ...calls.getBackupSchedule, answer: { 200: backupScheduleBody } },
  saveBackupSchedule: { ...calls.saveBackupSchedule, body: backupScheduleBody, answer: { 200: backupScheduleAnswer } },

  listAdmins: { ...calls.listAdmins, answer: { 200: adminList } },
  inviteAdmin: { ...calls.inviteAdmin, body: adminInviteBody, answer: { 201: adminChangeAnswer } },
  updateAdmin: { ...calls.updateAdmin, body: adminUpdateBody, answer: { 200: adminChangeAnswer } },
  deleteAdmin: { ...calls.deleteAdmin, answer: { 200: messageAnswer } },
  listAdminSessions: { ...calls.listAdminSessions, answer: { 200: activeSessionList } },
  endAdminSessions: { ...calls.endAdminSessions, answer: { 200: messageAnswer } },
  endAdminSession: { ...calls.endAdminSession, answer: { 200: messageAnswer } },
  listMySessions: { ...calls.listMySessions, answer: { 200: activeSessionList } },
  endMyOtherSessions: { ...calls.endMyOtherSessions, answer: { 200: messageAnswer } },
  endMySession: { ...calls.endMySession, answer: { 200: messageAnswer } },
  setupTwoFactor: { ...calls.setupTwoFactor, answer: { 200: twoFactorSetupAnswer } },
  enableTwoFactor: { ...calls.enableTwoFactor, body: twoFactorEnableBody, answer: { 200: twoFactorEnableAnswer } },
  disableTwoFactor: { ...calls.disableTwoFactor, body: twoFactorDisableBody, answer: { 200: messageAnswer } },
  getSecuritySettings: { ...calls.getSecuritySettings, answer: { 200: securitySettings } },
  saveSecuritySettings: { ...calls.saveSecuritySettings, body: securitySettings, answer: { 200: securitySettingsAnswer } },

  listAudit: { ...calls.listAudit, query: auditQuery, answer: { 200: auditListAnswer } },
  exportAudit: { ...calls.exportAudit, query: auditQuery, answer: { 200: auditCsv } },
  getAuditSettings: { ...calls.getAuditSettings, answer: { 200: auditSettings } },
  saveAuditSettings: { ...calls.saveAuditSettings, body: auditSettings, answer: { 200: auditSettingsAnswer } },

  // Validated by the call itself: a malformed request is answered on `request`, whatever part is wrong.
  sendEnquiry: { ...calls.sendEnquiry, documentedBody: enquiryBody, answer: { 201: messageAnswer } },
  listEnquiries: { ...calls.listEnquiries, query: enquiryListQuery, answer: { 200: enquiryList } },
  countUnreadEnquiries: { ...calls.countUnreadEnquiries, answer: { 200: unreadCount } },
  exportEnquiries: { ...calls.exportEnquiries, query: enquiryListQuery, answer: { 200: enquiriesCsv } },
  getEnquiry: { ...calls.getEnquiry, answer: { 200: enquiryDetail } },
  updateEnquiry: { ...calls.updateEnquiry, body: enquiryUpdateBody, answer: { 200: enquiryUpdateAnswer } },
  addEnquiryNote: { ...calls.addEnquiryNote, body: enquiryNoteBody, answer: { 201: enquiryNoteAnswer } },
  deleteEnquiry: { ...calls.deleteEnquiry, answer: { 200: messageAnswer } },
  setEnquiryStage: { ...calls.setEnquiryStage, body: enquiryStageBody, answer: { 200: enquiryUpdateAnswer } },
  replyToEnquiry: { ...calls.replyToEnquiry, body: enquiryReplyBody, answer: { 201: enquiryResponseAnswer } },
  logEnquiryContact: { ...calls.logEnquiryContact, body: enquiryContactBody, answer: { 201: enquiryResponseAnswer } },
  getEnquiryTimeline: { ...calls.getEnquiryTimeline, answer: { 200: enquiryTimeline } },
  listSavedReplies: { ...calls.listSavedReplies, answer: { 200: savedReplyList } },
  createSavedReply: { ...calls.createSavedReply, body: savedReplyBody, answer: { 201: savedReplyAnswer } },
  updateSavedReply: { ...calls.updateSavedReply, body: savedReplyBody, answer: { 200: savedReplyAnswer } },
  deleteSavedReply: { ...calls.deleteSavedReply, answer: { 200: messageAnswer } },
  postContactForm: { ...calls.postContactForm, answer: contactPageAnswers },

  getDashboard: { ...calls.getDashboard, answer: { 200: dashboard } },
  getChecklist: { ...calls.getChecklist, answer: { 200: checklist } },
  dismissChecklistItem: { ...calls.dismissChecklistItem, body: checklistDismissBody, answer: { 200: checklist } },
  sendTestMail: { ...calls.sendTestMail, answer: { 200: testMailAnswer } },
  sendAnnouncement: { ...calls.sendAnnouncement, body: announcementBody, answer: { 200: announcementAnswer } },

  listContent: { ...calls.listContent, answer: { 200: contentList } },
  createContent: { ...calls.createContent, documentedBody: contentItemBody, answer: { 201: contentChangeAnswer } },
  reorderContent: { ...calls.reorderContent, body: contentOrderBody, answer: { 200: contentList } },
  updateContent: { ...calls.updateContent, documentedBody: contentItemBody, answer: { 200: contentChangeAnswer } },
  deleteContent: { ...calls.deleteContent, answer: { 200: messageAnswer } },
  listContentRevisions: { ...calls.listContentRevisions, answer: { 200: contentRevisionList } },
  restoreContentRevision: { ...calls.restoreContentRevision, answer: { 200: contentChangeAnswer } },
  previewContent: { ...calls.previewContent, answer: { 200: previewPage } },
  getSiteStatus: { ...calls.getSiteStatus, answer: { 200: siteStatus } },

  listQuotes: { ...calls.listQuotes, query: quoteListQuery, answer: { 200: quoteList } },
  createQuote: { ...calls.createQuote, body: quoteCreateBody, answer: { 201: quoteAnswer } },
  updateQuote: { ...calls.updateQuote, body: quoteUpdateBody, answer: { 200: quoteAnswer } },
  sendQuote: { ...calls.sendQuote, answer: { 200: quoteAnswer } },
  withdrawQuote: { ...calls.withdrawQuote, answer: { 200: quoteAnswer } },
  getQuotePdf: { ...calls.getQuotePdf, answer: { 200: quotePdf } },
  viewQuotePage: { ...calls.viewQuotePage, answer: quotePageAnswers },
  acceptQuotePage: { ...calls.acceptQuotePage, answer: quotePageAnswers },
  askQuotePage: { ...calls.askQuotePage, answer: quotePageAnswers },
  getQuotePagePdf: { ...calls.getQuotePagePdf, answer: { 200: quotePdf } },
  listContacts: { ...calls.listContacts, query: contactListQuery, answer: { 200: contactList } },
  getContact: { ...calls.getContact, answer: { 200: contactDetail } },
  listEnquiryReminders: { ...calls.listEnquiryReminders, answer: { 200: reminderList } },
  createReminder: { ...calls.createReminder, body: reminderBody, answer: { 201: reminderAnswer } },
  listMyReminders: { ...calls.listMyReminders, answer: { 200: reminderList } },
  doneReminder: { ...calls.doneReminder, answer: { 200: reminderAnswer } },
  snoozeReminder: { ...calls.snoozeReminder, body: reminderSnoozeBody, answer: { 200: reminderAnswer } },
  listStaffEnquiryReminders: { ...calls.listStaffEnquiryReminders, answer: { 200: reminderList } },
  createStaffReminder: { ...calls.createStaffReminder, body: reminderBody, answer: { 201: reminderAnswer } },
  listStaffReminders: { ...calls.listStaffReminders, answer: { 200: reminderList } },
  doneStaffReminder: { ...calls.doneStaffReminder, answer: { 200: reminderAnswer } },
  snoozeStaffReminder: { ...calls.snoozeStaffReminder, body: reminderSnoozeBody, answer: { 200: reminderAnswer } },
  getLeadReport: { ...calls.getLeadReport, query: leadReportQuery, answer: { 200: leadReport } },
  /** The beacon validates its own text/plain body (documented here); 204 has no body. */
  collect: { ...calls.collect, documentedBody: beaconBody, answer: { 204: noContent } },
  getAnalytics: { ...calls.getAnalytics, query: analyticsQuery, answer: { 200: analyticsReport } },
  subscribe: { ...calls.subscribe, body: subscribeBody, answer: { 200: messageAnswer } },
  postSubscribeForm: { ...calls.postSubscribeForm, answer: newsletterPageAnswers },
  confirmSubscription: { ...calls.confirmSubscription, answer: newsletterPageAnswers },
  unsubscribe: { ...calls.unsubscribe, answer: newsletterPageAnswers },
  listSubscribers: { ...calls.listSubscribers, query: subscriberListQuery, answer: { 200: subscriberList } },
  exportSubscribers: { ...calls.exportSubscribers, query: subscriberListQuery, answer: { 200: subscribersCsv } },
  deleteSubscriber: { ...calls.deleteSubscriber, answer: { 200: messageAnswer } },
  getNewsletter: { ...calls.getNewsletter, answer: { 200: newsletterStatus } },
  sendNewsletter: { ...calls.sendNewsletter, answer: { 200: newsletterSendAnswer } },
  listMedia: { ...calls.listMedia, query: mediaListQuery, answer: { 200: mediaList } },
  uploadMedia: { ...calls.uploadMedia, documentedBody: mediaUpload, answer: { 201: mediaChangeAnswer } },
  getMedia: { ...calls.getMedia, answer: { 200: mediaItem } },
  updateMedia: { ...calls.updateMedia, body: mediaAltBody, answer: { 200: mediaChangeAnswer } },
  deleteMedia: { ...calls.deleteMedia, answer: { 200: messageAnswer, 409: mediaInUseAnswer } },
} satisfies Record<CallName, ApiCall>;

type Endpoints = typeof endpoints;

/** The table's entry of a call of calls.ts (found by its method and path, which no two calls share). */
export type EndpointOf<R extends Route> = Extract<Endpoints[CallName], { readonly method: R['method']; readonly path: R['path'] }>;

/** The statuses a call answers when it succeeds. */
type Success = 200 | 201;
type SuccessSchema<E extends ApiCall> = E['answer'][Extract<keyof E['answer'], Success>];

/** What a call of calls.ts answers when it succeeds, as its schema reads it. */
export type AnswerOf<R extends Route> = z.output<NonNullable<SuccessSchema<EndpointOf<R>>>>;
/** The body a call of calls.ts takes (undefined for a call without one). */
export type BodyOf<R extends Route> =
  EndpointOf<R> extends { body: z.ZodType }
    ? z.input<EndpointOf<R>['body']>
    : EndpointOf<R> extends { documentedBody: z.ZodType }
      ? z.input<EndpointOf<R>['documentedBody']>
      : undefined;
/**
 * The query a call of calls.ts reads (undefined for a call without one): its parameters by the
 * schema's names, each as the text of a query string (the server parses and checks the values).
 */
export type QueryOf<R extends Route> =
  EndpointOf<R> extends { query: z.ZodType } ? { [K in keyof z.input<EndpointOf<R>['query']>]?: string | number } : undefined;
