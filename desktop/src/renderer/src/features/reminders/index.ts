/**
 * The reminders' public face: the signed-in admin's due reminders (the dashboard) and an
 * enquiry's (its detail). Another feature imports these from here, never a file behind it.
 */
export { DueReminders, EnquiryReminders } from './components/Reminders';
