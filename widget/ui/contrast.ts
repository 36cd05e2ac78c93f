// Contrast of text on a colour (WCAG 2): the widget's accent text, and a generated view's.

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour. */
export function luminance(hex: string): number {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = digits.replace(/./g, '$&$&');
  const channel = (i: number) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Black or white, whichever reads better on the accent: the larger contrast, with white or with black. */
export function readableTextOn(hex: string): string {
  const lum = luminance(hex);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#111111';
}
