/**
 * The map's colours, read from VS Code's theme variables (--vscode-*) that the workbench sets on
 * the webview's <html>. Canvas cannot use CSS variables, so they are read into plain colours
 * here, and read again when the theme changes (VS Code swaps the body's vscode-light /
 * vscode-dark / vscode-high-contrast class and the variables together).
 */
import { asArray } from 'ol/color';

export interface MapPalette {
  highContrast: boolean;
  background: string;
  foreground: string;
  muted: string;
  land: string;
  coast: string;
  border: string;
  graticule: string;
  /** The route: magenta, the colour of the active route on a flight deck, which no airspace uses. */
  route: string;
  /** Drawn under the route and around labels: the route stands out from whatever it crosses. */
  casing: string;
  highlight: string;
  error: string;
  warning: string;
  fir: string;
  /** By subject or airspace group: see styles.ts. */
  red: string;
  orange: string;
  yellow: string;
  green: string;
  blue: string;
  purple: string;
  fontFamily: string;
}

type ThemeKind = 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';

/** Used when a variable is missing (older VS Code, or a theme that leaves one out). */
const FALLBACK: Record<'light' | 'dark', Omit<MapPalette, 'highContrast' | 'fontFamily' | 'casing'>> = {
  light: {
    background: '#ffffff',
    foreground: '#3b3b3b',
    muted: '#717171',
    land: '#f3f3f3',
    coast: '#8a8a8a',
    border: '#b5b5b5',
    graticule: '#e0e0e0',
    route: '#c4008c',
    highlight: '#c15c00',
    error: '#e51400',
    warning: '#bf8803',
    fir: '#6c6c6c',
    red: '#e51400',
    orange: '#d18616',
    yellow: '#bf8803',
    green: '#388a34',
    blue: '#1a85ff',
    purple: '#652d90',
  },
  dark: {
    background: '#1f1f1f',
    foreground: '#cccccc',
    muted: '#9d9d9d',
    land: '#2a2a2a',
    coast: '#6e6e6e',
    border: '#4a4a4a',
    graticule: '#333333',
    route: '#ff3dd8',
    highlight: '#ffb454',
    error: '#f14c4c',
    warning: '#cca700',
    fir: '#8b8b8b',
    red: '#f14c4c',
    orange: '#d18616',
    yellow: '#cca700',
    green: '#89d185',
    blue: '#3794ff',
    purple: '#b180d7',
  },
};

export function themeKind(body: HTMLElement = document.body): ThemeKind {
  if (body.classList.contains('vscode-high-contrast-light')) return 'high-contrast-light';
  if (body.classList.contains('vscode-high-contrast')) return 'high-contrast';
  return body.classList.contains('vscode-light') ? 'light' : 'dark';
}

export function readPalette(): MapPalette {
  const kind = themeKind();
  const light = kind === 'light' || kind === 'high-contrast-light';
  const fallback = FALLBACK[light ? 'light' : 'dark'];
  const style = getComputedStyle(document.documentElement);
  const read = (fallbackColour: string, ...names: string[]) => {
    for (const name of names) {
      const value = style.getPropertyValue(`--vscode-${name}`).trim();
      if (value && isColour(value)) return value;
    }
    return fallbackColour;
  };
  const highContrast = kind.startsWith('high-contrast');
  const foreground = read(fallback.foreground, 'editor-foreground', 'foreground');
  const contrastBorder = read('', 'contrastBorder');
  const background = read(fallback.background, 'editor-background');
  const palette: MapPalette = {
    highContrast,
    background,
    casing: background,
    foreground,
    muted: read(fallback.muted, 'descriptionForeground'),
    land: highContrast
      ? read(fallback.background, 'editor-background')
      : read(fallback.land, 'editorWidget-background', 'sideBar-background'),
    coast: highContrast ? contrastBorder || foreground : read(fallback.coast, 'editorLineNumber-foreground'),
    border: highContrast
      ? contrastBorder || foreground
      : read(
          fallback.border,
          'editorIndentGuide-activeBackground1',
          'editorIndentGuide-activeBackground',
          'panel-border',
        ),
    graticule: read(
      fallback.graticule,
      'editorIndentGuide-background1',
      'editorIndentGuide-background',
      'editorWhitespace-foreground',
    ),
    route: kind === 'high-contrast' ? '#ff44ff' : kind === 'high-contrast-light' ? '#b0007d' : fallback.route,
    highlight: read(fallback.highlight, 'charts-orange', 'focusBorder'),
    error: read(fallback.error, 'editorError-foreground', 'errorForeground'),
    warning: read(fallback.warning, 'editorWarning-foreground'),
    fir: read(fallback.fir, 'descriptionForeground'),
    red: read(fallback.red, 'charts-red'),
    orange: read(fallback.orange, 'charts-orange'),
    yellow: read(fallback.yellow, 'charts-yellow'),
    green: read(fallback.green, 'charts-green'),
    blue: read(fallback.blue, 'charts-blue'),
    purple: read(fallback.purple, 'charts-purple'),
    fontFamily: style.getPropertyValue('--vscode-font-family').trim() || 'system-ui, sans-serif',
  };
  // Lines and symbols need 3:1 against what they are drawn on (WCAG 1.4.11, non-text contrast):
  // a theme's chart colour that has less (orange and yellow on white) is darkened or lightened.
  const grounds = [palette.background, palette.land];
  for (const key of CONTRASTED) palette[key] = withContrast(palette[key], grounds, GRAPHICS_CONTRAST);
  return palette;
}

/** WCAG's minimum contrast for graphical objects. */
export const GRAPHICS_CONTRAST = 3;

const CONTRASTED = ['route', 'highlight', 'fir', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;

/** WCAG 2 relative luminance of a colour (its alpha ignored). */
export function luminance(colour: string): number {
  // asArray gives [r, g, b, a]: the defaults only type the destructuring.
  const [r = 0, g = 0, b = 0] = asArray(colour).map((c, i) => {
    if (i === 3) return c;
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * The colour, mixed step by step toward black on light grounds or white on dark ones until it
 * has `ratio` against every ground (the hue stays recognisable: only as far as needed).
 */
export function withContrast(colour: string, grounds: readonly string[], ratio: number): string {
  const enough = (c: string) => grounds.every((g) => contrastRatio(c, g) >= ratio);
  if (enough(colour)) return colour;
  const dark = grounds.every((g) => luminance(g) < 0.2);
  const target = dark ? 255 : 0;
  const [r = 0, g = 0, b = 0] = asArray(colour); // [r, g, b, a]
  for (let step = 1; step <= 20; step++) {
    const mix = (c: number) => Math.round(c + ((target - c) * step) / 20);
    const candidate = `#${[r, g, b].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
    if (enough(candidate)) return candidate;
  }
  return dark ? '#ffffff' : '#000000';
}

function isColour(value: string): boolean {
  try {
    asArray(value);
    return true;
  } catch {
    return false;
  }
}

/** The colour with its alpha multiplied by `alpha` (theme colours may carry their own). */
export function withAlpha(colour: string, alpha: number): string {
  const [r, g, b, a] = asArray(colour);
  return `rgba(${r},${g},${b},${(a ?? 1) * alpha})`;
}

/** Calls `onChange` whenever VS Code switches theme (class on <body>, style on <html>). */
export function watchTheme(onChange: () => void): void {
  const observer = new MutationObserver(() => onChange());
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
}
