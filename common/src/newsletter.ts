/**
 * The newsletter as visitors meet it (issue 21 item 2): the addresses of its pages, the texts they
 * show and the fields the footer's form posts. Plain values, no zod, so that the site's pages load
 * no schema; the API's schemas (subscribers.ts) are built from these.
 */

/** The footer form's post without JavaScript; its answer is this page. */
export const subscribePath = '/subscribe';
/** Where the footer form posts with JavaScript: the API's subscribers (calls.subscribe). */
export const subscribersApiPath = '/api/subscribers';
/** The confirmation mail's link: a page whose one button POSTs, so mail scanners never confirm. */
export const confirmSubscriptionPath = '/subscribe/confirm';
/** The unsubscribe link of every newsletter mail; a POST to it (RFC 8058 one-click) unsubscribes. */
export const unsubscribePath = '/unsubscribe';
/** Where the footer form says how an address is used. */
export const privacyPath = '/privacy';

/** Every field the footer form posts: the address, the honeypot, when the form was shown and the page it is on. */
export const subscribeFormFields = ['email', 'website', 'startedAt', 'page'] as const;

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** How long a confirmation link works, and how long an unconfirmed sign-up is kept. */
export const confirmLinkHours = 48;
export const pendingKeptDays = 7;

export const newsletterTexts = {
  /** The one answer to a sign-up, whether or not the address is already known. */
  checkInbox: 'Check your inbox to confirm your subscription.',
  privacyLink: 'How we use your address',
  failed: 'Your subscription could not be sent. Please try again.',
  tooMany: 'Too many sign-ups from your connection. Please try again later.',
  confirmHeading: 'Confirm your subscription',
  confirmIntro: 'Press the button to start receiving our newsletter.',
  confirmButton: 'Confirm subscription',
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmExpired: 'This confirmation link has expired or was already used. Please subscribe again.',
  unsubscribeHeading: 'Unsubscribe',
  unsubscribeIntro: 'Press the button to stop receiving our newsletter.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed: we will not send you the newsletter again.',
  unsubscribeUnknown: 'This unsubscribe link is not valid. Please use the link of a recent newsletter.',
  subscribeHeading: 'Newsletter',
} as const;

/** What a newsletter page shows after a post (the server renders it into the page). */
export interface NewsletterNote {
  kind: 'success' | 'error';
  message: string;
}
