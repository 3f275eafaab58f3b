/**
 * The visit an enquiry or a sign-up came from, as its form sent it (analytics.ts Attribution):
 * without it (a form posted without JavaScript, a call that sends none), the landing page is the
 * form's own page and the source is "direct".
 */
import { attributionFields } from '@kafue/common/analytics';
import type { attributionBody } from '@kafue/common/schemas';
import type { z } from 'zod';

export interface Recorded {
  landingPage: string | null;
  source: string;
  campaign: string | null;
}

/** What an enquiry or subscriber records, from its body's attribution and the page its form was on. */
export function attributionOf(body: z.output<typeof attributionBody>, page: string | undefined): Recorded {
  const landing = body.landingPage ?? page;
  return {
    landingPage: landing ? landing.split(/[?#]/)[0] : null,
    source: body.source?.toLowerCase() || 'direct',
    campaign: body.campaign?.toLowerCase() || null,
  };
}

/** The attribution fields of a form posted without JavaScript; blank ones (no script filled them) are absent. */
export function formAttribution(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(attributionFields.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));
}
