/** A placeholder as the organiser writes it: a word in braces, "{firstname}". */
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills the placeholders of `template` in one pass: an unknown one stays as written, and a value is never read
 * for placeholders again (a participant called "{route}" stays "{route}").
 */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
