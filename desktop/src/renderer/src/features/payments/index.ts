/** What other features show of payments: an accepted quote's payments (in the enquiry's quotes). */
export { QuotePayments } from './QuotePayments';
