/**
 * Scheduled content changes: publish, unpublish, or apply new fields to an item at a set time
 * (tomorrow's prices go live at midnight while today's stay live until then). Schemas of the calls
 * under /api/content/schedule and /api/content/{collection}/{id}/schedule.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { idSchema } from './fields';
import { contentCollections } from './vocabulary';

export const scheduleActions = ['publish', 'unpublish', 'apply'] as const;
export type ScheduleAction = (typeof scheduleActions)[number];

/** How each action reads in the console and the audit log. */
export const scheduleActionLabels: Record<ScheduleAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  apply: 'Apply changes',
};

/** The furthest ahead a change may be set: a year (a date typed with the wrong year is refused, not kept for a decade). */
export const maxScheduleDays = 366;

export const scheduleMessages = {
  created: 'Change scheduled',
  cancelled: 'Scheduled change cancelled',
  atInPast: 'Choose a time in the future.',
  atTooFar: `Choose a time within ${maxScheduleDays} days.`,
  itemRequired: 'Give the fields to apply.',
  itemNotAllowed: 'Only "apply" takes fields: publish and unpublish change the status alone.',
  nothingToApply: 'These fields are what the item has now: change at least one.',
  alreadyPublished: 'This item is published already: schedule an unpublish or changes instead.',
  alreadyDraft: 'This item is not published: schedule a publish or changes instead.',
} as const;

const instant = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 time.' });

/**
 * The body of POST /api/content/{collection}/{id}/schedule. `item` (apply only): the item's
 * fields as a PUT would send them, checked with the collection's schema when scheduled; the
 * fields that differ from the item's at that moment are the ones applied at `at`.
 */
export const scheduleBody = z
  .object({
    /** When the change goes live (an instant, in the future). */
    at: instant,
    action: z.enum(scheduleActions),
    item: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ScheduleBody' });
export type ScheduleBody = z.input<typeof scheduleBody>;

export const scheduledChange = z
  .object({
    _id: idSchema,
    collection: z.enum(contentCollections),
    /** The item, as it is called now (its title, name or question). */
    item: z.object({ _id: idSchema, label: z.string().nullable() }),
    at: z.iso.datetime(),
    action: z.enum(scheduleActions),
    /** apply: the fields it changes, with their new values; {} for publish and unpublish. */
    fields: z.record(z.string(), z.unknown()),
    /** Who scheduled it; _id is null once that admin is deleted (the name stays). */
    author: z.object({ _id: idSchema.nullable(), name: z.string() }),
    createdAt: z.iso.datetime(),
    /** Why it could not be applied at its time (e.g. a field no longer valid), or null: it waits until cancelled. */
    failure: z.string().nullable(),
  })
  .meta({ id: 'ScheduledChange' });
export type ScheduledChange = z.infer<typeof scheduledChange>;

/** The query of GET /api/content/schedule: one item's changes, or every one. */
export const scheduleListQuery = z.object({ item: idSchema.optional() }).meta({ id: 'ScheduleListQuery' });
export type ScheduleListQuery = z.input<typeof scheduleListQuery>;

export const scheduleList = z.array(scheduledChange).meta({ id: 'ScheduleList' });
export const scheduleAnswer = messageAnswer.extend({ change: scheduledChange }).meta({ id: 'ScheduleAnswer' });
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;
