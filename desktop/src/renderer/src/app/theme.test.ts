import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { colors, dimmedColor, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const white = '#ffffff';
const black = '#000000';
const gray0 = DEFAULT_THEME.colors.gray[0];
const textColors = ['blue', 'red', 'green', 'teal'] as const;

describe('the console theme reaches WCAG AA', () => {
  it('paints filled parts, coloured text and links in shade 8', () => {
    expect(theme.primaryShade).toBe(8);
    expect(theme.autoContrast).toBe(true);
  });

  it.each(textColors)('%s: shade 8 is text on white and gray.0, and takes white text', (name) => {
    expect(contrast(colors[name][8], white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors[name][8], gray0)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([...textColors, 'yellow'] as const)('%s: light parts (shade 9 on shade 1, on shade 2 when hovered) are readable', (name) => {
    const c = colors[name];
    expect(contrast(c[9], c[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c[9], c[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('yellow stays bright where filled, with black text', () => {
    expect(contrast(colors.yellow[8], black)).toBeGreaterThanOrEqual(4.5);
  });

  it('links (primary shade 8) read on the light tint of every colour, as in an alert', () => {
    for (const name of [...textColors, 'yellow'] as const) expect(contrast(colors.blue[8], colors[name][1])).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text reads on white, gray.0 and gray.1', () => {
    for (const bg of [white, gray0, DEFAULT_THEME.colors.gray[1]]) expect(contrast(dimmedColor, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the specification’s hues: red is red, green is green, yellow is yellow', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const [rr, rg, rb] = rgb(colors.red[8]);
    expect(rr).toBeGreaterThan(200);
    expect(Math.max(rg, rb)).toBeLessThan(100);
    const [gr, gg, gb] = rgb(colors.green[8]);
    expect(gg).toBeGreaterThan(Math.max(gr, gb));
    const [yr, yg, yb] = rgb(colors.yellow[8]);
    expect(Math.min(yr, yg)).toBeGreaterThan(2 * yb);
  });
});
