/**
 * Following a lead to the end: an enquiry's stage beside its status, the reasons a lead is lost,
 * the ways a contact is made outside the product, and a quote's vocabulary.
 */

/** An enquiry's stage; `won` and `lost` close it (status Closed). */
export const leadStages = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStage = (typeof leadStages)[number];
export const leadStageLabels: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** Why a lead was lost (`other` with a text). */
export const lostReasons = ['price', 'timing', 'another-provider', 'no-answer', 'not-a-fit', 'other'] as const;
export type LostReason = (typeof lostReasons)[number];
export const lostReasonLabels: Record<LostReason, string> = {
  price: 'Price',
  timing: 'Timing',
  'another-provider': 'Chose another provider',
  'no-answer': 'No answer',
  'not-a-fit': 'Not a fit',
  other: 'Other',
};

/** A contact made outside the product and logged on the enquiry. */
export const contactChannels = ['phone', 'whatsapp', 'meeting', 'email'] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactChannelLabels: Record<ContactChannel, string> = {
  phone: 'Phone call',
  whatsapp: 'WhatsApp',
  meeting: 'Meeting',
  email: 'Email',
};

export const quoteCurrencies = ['USD', 'ZMW'] as const;
export type QuoteCurrency = (typeof quoteCurrencies)[number];
/** A quote line is paid once or every month. */
export const quotePeriods = ['once', 'month'] as const;
export type QuotePeriod = (typeof quotePeriods)[number];
/** A quote's stored state; "expired" is a sent quote past its valid-until date. */
export const quoteStatuses = ['draft', 'sent', 'accepted', 'withdrawn'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/**
 * One event on an enquiry's timeline, in time order with the others: the enquiry received, a note,
 * a reply (with its delivery), a contact logged, a quote's change, a reminder, a payment.
 */
export interface TimelineEntry {
  /** ISO time. */
  at: string;
  kind: 'received' | 'note' | 'reply' | 'contact' | 'quote' | 'reminder' | 'payment' | 'message';
  /** One line in plain words, e.g. "Reply sent: Your quote" or "Quote Q-2026-0004 accepted". */
  title: string;
  /** The text itself (a note, a reply's body, a contact's note), if any. */
  text?: string;
  /** Who did it, e.g. "Jane Banda"; absent for the enquirer and the system. */
  by?: string;
  /** A state in words, e.g. a reply's "Delivered" / "Waiting to send" / "Failed, retrying". */
  state?: string;
  /** Why the state is what it is, e.g. the reason a client's mail server gave for a bounce. */
  stateReason?: string;
  /** A message from the client or to them (kind `message`). */
  message?: {
    _id: string;
    direction: 'in' | 'out';
    channel: 'email' | 'whatsapp';
    /** The quoted history and signature, folded away under the text. */
    quoted: string;
    /** An auto-reply: it changed no clock. */
    automatic: boolean;
    /** Threaded by its headers or reference, but from another address than the enquiry's. */
    fromOtherAddress: boolean;
    /** The files it brought; one refused (an executable, over a limit) says why, and cannot be downloaded. */
    attachments: { _id: string; fileName: string; size: number; type: string; refused?: string }[];
  };
}
