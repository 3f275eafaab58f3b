/**
 * The company's contact points, which the company changes itself from the console (Settings ›
 * Company): the site shows them on every page, published as content is. Seeded from the
 * placeholders of the specification; what is not the company's to change stays in brand.ts.
 */

export interface CompanyProfile {
  /** As shown, e.g. "+260 97 000 0000". */
  phone: string;
  email: string;
  address: string;
  /** As shown, e.g. "Mon - Sat, 9am - 6pm". */
  openingHours: string;
  /** The office on the map. */
  latitude: number;
  longitude: number;
  /** E.164 ("+260970000000"), or '' for none: then the site offers no WhatsApp link. */
  whatsapp: string;
  /** The three social profiles (https addresses, '' for none). */
  facebook: string;
  linkedin: string;
  x: string;
  /** The company's taxpayer number (ZRA's TPIN, ten digits) printed on invoices; '' until set. */
  tpin: string;
}

export const defaultCompany: CompanyProfile = {
  phone: '+260 97 000 0000',
  email: 'info@kafue.example',
  address: 'Plot 1234, Cairo Road, Lusaka, Zambia',
  openingHours: 'Mon - Sat, 9am - 6pm',
  latitude: -15.4167,
  longitude: 28.2833,
  whatsapp: '',
  facebook: 'https://www.facebook.com/kafue.example',
  linkedin: 'https://www.linkedin.com/company/kafue-example',
  x: 'https://x.com/kafue_example',
  tpin: '',
};

/** "tel:+260970000000" from the phone as shown. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The office's map, embedded on the contact page: OpenStreetMap around the location, with its marker. */
export function mapEmbedUrl({ latitude, longitude }: Pick<CompanyProfile, 'latitude' | 'longitude'>): string {
  const around = 0.015;
  const bbox = [longitude - around, latitude - around, longitude + around, latitude + around].map((n) => n.toFixed(4)).join(',');
  const query = new URLSearchParams({ bbox, layer: 'mapnik', marker: `${latitude},${longitude}` });
  return `https://www.openstreetmap.org/export/embed.html?${query}`;
}

/** The same place on the map as a page of its own (the plain link beside the embedded map). */
export const mapPageUrl = ({ latitude, longitude }: Pick<CompanyProfile, 'latitude' | 'longitude'>) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

/** The social profiles that are set, by name (the footer's links, the JSON-LD's sameAs). */
export function socialProfiles(company: CompanyProfile): { name: 'Facebook' | 'LinkedIn' | 'X'; href: string }[] {
  const all = [
    { name: 'Facebook', href: company.facebook },
    { name: 'LinkedIn', href: company.linkedin },
    { name: 'X', href: company.x },
  ] as const;
  return all.filter((s) => s.href !== '');
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayIndex = (word: string) => weekdays.findIndex((d) => d.slice(0, 3).toLowerCase() === word.slice(0, 3).toLowerCase());
/** "9am", "6:30pm" -> "09:00", "18:30". */
function clock(hour: string, minutes: string | undefined, half: string): string {
  const h = (Number(hour) % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${minutes ?? '00'}`;
}
const hoursPattern =
  /^([a-z]{3})[a-z]*\s*-\s*([a-z]{3})[a-z]*,?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*-\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/i;

/**
 * The schema.org form of opening hours written as the site shows them ("Mon - Sat, 9am - 6pm");
 * null when they are written otherwise (the search engines then get none rather than wrong ones).
 */
export function openingHoursSpec(text: string): { days: string[]; opens: string; closes: string } | null {
  const m = hoursPattern.exec(text.trim());
  if (!m) return null;
  const [first, last] = [dayIndex(m[1]), dayIndex(m[2])];
  if (first < 0 || last < first) return null;
  return { days: weekdays.slice(first, last + 1), opens: clock(m[3], m[4], m[5]), closes: clock(m[6], m[7], m[8]) };
}

/** The wa.me link that opens a chat with the company with `text` typed; null when no number is set. */
export function whatsappHref(whatsapp: string, text: string): string | null {
  const digits = whatsapp.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
