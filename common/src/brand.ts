/**
 * The company and product, defined once. Site, console and server read these; nothing repeats
 * them, so renaming the company is a change to this file alone. The contact points (phone, email,
 * address, hours, map, WhatsApp, social profiles) are the company's to change: company.ts.
 */
export const brand = {
  /** The specification's {product}. */
  product: 'Kafue',
  slug: 'kafue',
  /** The domain of the product's own addresses (no-reply mail, the first admin until set). */
  mailDomain: 'kafue.example',
  company: 'Kafue Technologies',
  foundedYear: 2014,
  city: 'Lusaka',
  country: 'Zambia',
  location: 'Lusaka, Zambia',
} as const;

/** Route of the admin sign-in screen: /{product}-secure-admin. */
export const adminLoginPath = `/${brand.slug}-secure-admin`;
/** Title of the console's sidebar: the product name plus 'Admin'. */
export const adminTitle = `${brand.product} Admin`;
