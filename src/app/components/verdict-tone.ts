// The floor's verdict colours, readable in a bright warehouse (issue 45 §11): white words on a verdict's
// fill, or the verdict's colour as words on its light tint, at ≥ 4.5:1 (WCAG AA) for every Mantine
// colour a verdict uses. Mantine's shade 7 under white is 2.75:1 for green, 3.04:1 for orange; even
// shade 9 is 4.37:1 and 4.30:1, so shade 9 is darkened a quarter (green then reads 6.5:1).

/** A filled verdict's background, under white text. */
export const verdictFill = (color: string): string => `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)`;

/** A verdict's words in its colour, on its light tint (shade 0 or 1). */
export const verdictInk = verdictFill;
