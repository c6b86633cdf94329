/** A phone number as a `tel:` URL: digits and the leading + only (RFC 3966 global number). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
