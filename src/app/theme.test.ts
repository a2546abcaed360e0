import { contrastRatio } from '../components/data/avatarColor';
import { makeTheme } from './theme';

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const { palette } = makeTheme(mode);
  const surfaces = [palette.background.default, palette.background.paper];

  it.each(surfaces)('has primary, secondary and hint text at 4.5:1 or more on %s', (surface) => {
    for (const text of [palette.text.primary, palette.text.secondary, palette.text.disabled])
      expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(surfaces)('draws links, selected entries and the focus ring at 4.5:1 or more on %s', (surface) => {
    expect(contrastRatio(palette.primary.main, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(surfaces)('writes warnings, errors and successes at 4.5:1 or more on %s', (surface) => {
    for (const colour of [palette.warning.main, palette.error.main, palette.success.main])
      expect(contrastRatio(colour, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts text at 4.5:1 or more on a warning chip', () => {
    expect(contrastRatio(palette.warning.contrastText, palette.warning.main)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts button text at 4.5:1 or more on the accent', () => {
    expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
  });

  it('is the mode asked for', () => {
    expect(palette.mode).toBe(mode);
  });

  it('is built without CSS variables or colour schemes, which the production build leaves out', () => {
    // webpack.config.ts replaces MUI's createThemeWithVars (src/app/noCssVariables.ts).
    const theme = makeTheme(mode) as object;
    expect(theme).not.toHaveProperty('vars');
    expect(theme).not.toHaveProperty('colorSchemes');
  });
});
