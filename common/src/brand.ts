/**
 * The company and product, defined once. Site, console and server read these; nothing repeats
 * them, so renaming the company is a change to this file alone.
 */
export const brand = {
  /** The specification's {product}. */
  product: 'Kafue',
  slug: 'kafue',
  company: 'Kafue Technologies',
  foundedYear: 2014,
  city: 'Lusaka',
  country: 'Zambia',
  location: 'Lusaka, Zambia',
  openingHours: 'Mon - Sat, 9am - 6pm',
  /** schema.org openingHours form of the same hours. */
  openingHoursSpec: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:00', closes: '18:00' },
  // Placeholder contact details (the specification shows placeholders only).
  phone: '+260 97 000 0000',
  phoneHref: 'tel:+260970000000',
  email: 'info@kafue.example',
  address: 'Plot 1234, Cairo Road, Lusaka, Zambia',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/kafue.example' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/kafue-example' },
    { name: 'X', href: 'https://x.com/kafue_example' },
  ],
  /** Map of the office, embedded lazily on the contact page. */
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=28.27%2C-15.43%2C28.30%2C-15.40&layer=mapnik&marker=-15.4167%2C28.2833',
  geo: { latitude: -15.4167, longitude: 28.2833 },
} as const;

/** Route of the admin sign-in screen: /{product}-secure-admin. */
export const adminLoginPath = `/${brand.slug}-secure-admin`;
/** Title of the console's sidebar: the product name plus 'Admin'. */
export const adminTitle = `${brand.product} Admin`;
