/**
 * Zip restrictions are a comma list of zip codes and ranges: "79100-79115, 79117". Isomorphic.
 * A range is two zip codes of equal length, the first not after the second.
 */
const ZIP = /^\d{4,10}$/;

function isValidEntry(entry: string): boolean {
  const [from, to, ...rest] = entry.split('-').map((s) => s.trim());
  if (rest.length > 0) return false;
  if (to === undefined) return ZIP.test(from);
  return ZIP.test(from) && ZIP.test(to) && from.length === to.length && from <= to;
}

function entries(restrictions: string): string[] {
  return restrictions
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function invalidZipRestrictions(restrictions: string): string[] {
  return entries(restrictions).filter((e) => !isValidEntry(e));
}

/** True when the zip is allowed: no restrictions, or it matches one entry. */
export function zipAllowed(restrictions: string, zip: string): boolean {
  const list = entries(restrictions);
  if (list.length === 0) return true;
  const z = zip.trim();
  return list.some((entry) => {
    const [from, to] = entry.split('-').map((s) => s.trim());
    return to === undefined ? z === from : z.length === from.length && z >= from && z <= to;
  });
}
