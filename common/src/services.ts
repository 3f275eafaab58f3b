/** A service the company offers (spec section 4): the record the site shows and the console edits. */
import { z } from 'zod';
import { slugPattern } from './articles';
import { isServicePosition, serviceSlugMax, serviceSlugRule } from './service-addresses';
import { mediaRef } from './media';
import { categoryKeys, serviceLimits as max } from './vocabulary';

const text = (limit: number) => z.string().trim().min(1, 'Required.').max(limit);

export const serviceSchema = z.object({
  title: text(max.title),
  /** Its address's last part (servicePath): unique among services; made from the title when empty, kept when the title changes. */
  slug: z
    .string()
    .trim()
    .max(serviceSlugMax)
    .regex(slugPattern, serviceSlugRule)
    .refine((s) => !isServicePosition(s), serviceSlugRule)
    .default(''),
  category: z.enum(categoryKeys),
  /** Shown as "Starting at {price}", e.g. "$499" or "$29/mo". */
  price: text(max.price),
  description: text(max.description),
  features: z.array(text(max.feature)).max(max.features),
  /** The long text under "More Information". */
  details: z.string().trim().max(max.details).optional(),
  /** A photograph of the media library, shown on the service's page. */
  image: mediaRef.optional(),
});
export type Service = z.output<typeof serviceSchema>;
