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
};

/** "tel:+260970000000" from the phone as shown. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The wa.me link that opens a chat with the company with `text` typed; null when no number is set. */
export function whatsappHref(whatsapp: string, text: string): string | null {
  const digits = whatsapp.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}

/** The office on openstreetmap.org, for the contact page's "Open the map" link. */
export function mapHref({ latitude, longitude }: Pick<CompanyProfile, 'latitude' | 'longitude'>): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
