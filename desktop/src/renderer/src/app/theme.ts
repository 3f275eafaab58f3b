/**
 * The console's one Mantine theme (web and desktop), accessible by construction:
 * every colour a screen asks for by name reaches WCAG 2.2 AA on the console's backgrounds, so no
 * component picks a shade of its own.
 *
 * Mantine paints filled parts, coloured text and links in the primary shade (here 8), the text of
 * light parts in shade 9 on shade 1 (shade 2 on hover), and dimmed text in --mantine-color-dimmed.
 * Its default shades of blue, red, green and teal fall short of 4.5:1 there (blue.6 3.56, red.6
 * 3.28, teal.7 3.12, green.9 on green.1 3.81), so shades 8 and 9 of those are darkened just
 * enough (WCAG formula; the ratios are in the comments and theme.test.ts holds them):
 *   shade 8 against white and gray.0 (striped rows, the portal's page): >= 4.5
 *   shade 9 against shade 1 and shade 2: >= 4.5
 * Shades 0-7 stay Mantine's, so the hues (and the specification's meanings: Super Admin red,
 * Moderator yellow, others green; increases teal, decreases red) are unchanged.
 */
import { createTheme, DEFAULT_THEME, Drawer, Modal, Notification, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Mantine's palette with shades 8 and 9 replaced. */
function deepen(name: keyof typeof DEFAULT_THEME.colors, shade8: string, shade9: string): MantineColorsTuple {
  return [...DEFAULT_THEME.colors[name].slice(0, 8), shade8, shade9] as unknown as MantineColorsTuple;
}

export const colors = {
  // 8 is Mantine's blue.9: white on it 6.09 (Add Staff, Save), and as link text 5.3 or more on the
  // shade-1 tint of any colour (the Download Backup link in its green alert); 9 on blue.2: 5.56
  blue: deepen('blue', '#1864ab', '#144f86'),
  // white on 8: 4.91 (Delete, the Super Admin badge); 9 on red.2: 4.64
  red: deepen('red', '#d52f2f', '#af2525'),
  // white on 8: 4.97 (badges of other roles); 9 on green.1: 5.26 (Active)
  green: deepen('green', '#268037', '#237133'),
  // 8 on white: 4.94 (increases)
  teal: deepen('teal', '#08805c', '#077050'),
  // Filled yellow (the Moderator badge) stays the yellow it was, Mantine's yellow.6, rather than
  // the orange of its yellow.8; autoContrast puts black text on it: 11.28. Its 9, the text of
  // yellow alerts, is a dark amber: 4.92 on yellow.1.
  yellow: deepen('yellow', DEFAULT_THEME.colors.yellow[6], '#a35400'),
  // 9 on orange's light tint (the media library's Needs a description badge): 5.03 (Mantine's
  // was 3.61); white on 8: 4.97
  orange: deepen('orange', '#c4410a', '#b03d00'),
};

/** Dimmed text (role under the name, card labels, times, placeholders): 5.40 on white, 5.12 on gray.0. */
export const dimmedColor = '#646b72';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  colors,
  // Black text on light fills (yellow), white on dark ones.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
  },
});

/** The variables the theme object cannot set: dimmed and placeholder text, and field errors (red.8). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': dimmedColor,
    '--mantine-color-placeholder': dimmedColor,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
