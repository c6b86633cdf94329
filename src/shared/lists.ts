/** SPEC.md section 9: the daily menu's list separator is the comma. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
