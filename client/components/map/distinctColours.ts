/**
 * 24 colours that tell groups apart on a map, repeating from the 25th group on; each with the text colour
 * (white or near-black) that keeps a label on it readable (WCAG AA for bold small text).
 */
const PALETTE = [
  '#1f77b4',
  '#e6194b',
  '#3cb44b',
  '#f58231',
  '#911eb4',
  '#008080',
  '#f032e6',
  '#9a6324',
  '#4363d8',
  '#800000',
  '#808000',
  '#000075',
  '#ffe119',
  '#46f0f0',
  '#bcf60c',
  '#fabebe',
  '#e6beff',
  '#aaffc3',
  '#ffd8b1',
  '#fffac8',
  '#17becf',
  '#8c564b',
  '#7f7f7f',
  '#2ca02c',
] as const;

/** Relative luminance of a #rrggbb colour (WCAG). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The colour of group `index` (0-based) and a readable text colour on it. */
export function distinctColour(index: number): { background: string; text: string } {
  const background = PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
  // White on it when that contrasts more than near-black does.
  const l = luminance(background);
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance('#111827') + 0.05);
  return { background, text: white >= dark ? '#ffffff' : '#111827' };
}
