import { describe, expect, it } from 'vitest';
import { defaultCompany, mapEmbedUrl, mapPageUrl, openingHoursSpec, phoneHref, socialProfiles, whatsappHref } from '../src/company';

describe('the company profile on the site', () => {
  it('puts the map around the office with its marker', () => {
    const url = new URL(mapEmbedUrl({ latitude: -12.5, longitude: 28.25 }));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('bbox')).toBe('28.2350,-12.5150,28.2650,-12.4850');
    expect(url.searchParams.get('marker')).toBe('-12.5,28.25');
    expect(mapPageUrl({ latitude: -12.5, longitude: 28.25 })).toBe(
      'https://www.openstreetmap.org/?mlat=-12.5&mlon=28.25#map=16/-12.5/28.25',
    );
  });

  it('links the phone as dialled and WhatsApp by its digits, with the message encoded; no number, no link', () => {
    expect(phoneHref('+260 97 000 0000')).toBe('tel:+260970000000');
    expect(whatsappHref('+260971234567', 'Hello & welcome?')).toBe('https://wa.me/260971234567?text=Hello%20%26%20welcome%3F');
    expect(whatsappHref('', 'Hello')).toBeNull();
  });

  it('lists only the social profiles that are set', () => {
    expect(socialProfiles(defaultCompany).map((s) => s.name)).toEqual(['Facebook', 'LinkedIn', 'X']);
    expect(socialProfiles({ ...defaultCompany, facebook: '', x: '' })).toEqual([{ name: 'LinkedIn', href: defaultCompany.linkedin }]);
  });

  it('reads opening hours written as the site shows them, and gives none for any other wording', () => {
    expect(openingHoursSpec('Mon - Sat, 9am - 6pm')).toEqual({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens: '09:00',
      closes: '18:00',
    });
    expect(openingHoursSpec('Monday - Friday, 7:30am - 12pm')).toEqual({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '07:30',
      closes: '12:00',
    });
    for (const text of ['24/7', 'Sat - Mon, 9am - 6pm', 'Mon - Sat 9 to 6', 'Mon - Foo, 9am - 6pm'])
      expect(openingHoursSpec(text), text).toBeNull();
  });
});
