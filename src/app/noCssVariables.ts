/**
 * Stands in for @mui/material's `styles/createThemeWithVars.js` in the webpack build
 * (webpack.config.ts). MUI's `createTheme` imports it for themes with CSS variables or colour
 * schemes; this app's themes have neither (`makeTheme` passes one palette, theme.test.ts checks the
 * result), so the real module — a fifth of MUI's share of /login — was dead weight in every first
 * load. Reaching this means a theme asked for CSS variables: remove the replacement then.
 */
const refuse = (): never => {
  throw new Error(
    'This build leaves out MUI themes with CSS variables (see src/app/noCssVariables.ts): ' +
      'remove the replacement in webpack.config.ts to use cssVariables or colorSchemes.',
  );
};

export const createGetCssVar = refuse;
export default refuse;
