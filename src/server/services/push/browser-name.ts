/**
 * "Chrome su Android": how "Il mio account" names a device, from the
 * User-Agent its subscription was posted with. Only the browser and the
 * system, never a version: enough to tell one's phone from one's laptop.
 */

/**
 * The first that matches wins: Edge and Samsung Internet also say "Chrome",
 * Chrome also says "Safari". Chrome without a screen says "HeadlessChrome".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function browserName(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS) ?? 'Browser';
  const system = firstMatch(userAgent, SYSTEMS);
  return system ? `${browser} su ${system}` : browser;
}
