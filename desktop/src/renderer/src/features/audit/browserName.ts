/**
 * A browser as an owner names it, from its user-agent string: "Chrome on Android", "Firefox on
 * Windows". A few lines suffice for the browsers and systems people use; the order matters, since
 * Edge, Opera and Samsung Internet also say Chrome, Chrome also says Safari, and Android says Linux.
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bElectron\//, 'the desktop app'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const systems: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Android"; "an unknown browser" when nothing is recognised (the raw string stays in the technical details). */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'an unknown browser';
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `a browser on ${system}` : 'an unknown browser');
}
