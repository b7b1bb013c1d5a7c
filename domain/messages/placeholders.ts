/** A placeholder as the organiser writes it: a word in braces, "{firstname}". */
const PLACEHOLDER = /\{(\w+)\}/g;
/** A template line that holds placeholders and nothing else but spaces. */
const ONLY_PLACEHOLDERS = /^\s*(\{\w+\}\s*)+$/;

/**
 * Fills the placeholders of `template` in one pass: an unknown one stays as written, and a value is never read
 * for placeholders again (a participant called "{route}" stays "{route}").
 */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}

const isBlank = (line: string) => line.trim() === '';

/**
 * A mail's text: the placeholders filled as fillPlaceholders does, and a line of placeholders that all came out
 * empty removed, with one blank line next to it, so an empty part ("{afterparty}" without an after-party) leaves no gap.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const lines: string[] = [];
  let removedOne = false;
  for (const line of template.split('\n')) {
    const filled = fillPlaceholders(line, values);
    if (ONLY_PLACEHOLDERS.test(line) && isBlank(filled)) {
      removedOne = true;
      continue;
    }
    const doubledBlank = isBlank(filled) && (lines.length === 0 || isBlank(lines[lines.length - 1]));
    if (removedOne && doubledBlank) {
      removedOne = false;
      continue;
    }
    removedOne = false;
    lines.push(filled);
  }
  return lines.join('\n');
}

/** A subject: filled like the text, on one line (a line break in a value becomes a space). */
export const fillSubject = (template: string, values: Readonly<Record<string, string>>): string =>
  fillPlaceholders(template, values).replace(/\s*[\r\n]+\s*/g, ' ');
