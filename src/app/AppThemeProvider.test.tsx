import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { fakeAuth } from '../../test/renderWithProviders';
import { testUser } from '../../test/accountFixtures';
import { AuthContext } from '../auth/AuthContext';
import type { ThemePreference } from '../shared/contracts/account';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { AppThemeProvider, paletteMode } from './AppThemeProvider';

function Mode() {
  return <output>{useTheme().palette.mode}</output>;
}

/** jsdom has no matchMedia: a system that prefers dark or not. */
function systemPrefersDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderWith(theme: ThemePreference | null) {
  const user = theme ? { ...testUser, preferences: { theme } } : null;
  render(
    <AuthContext.Provider value={fakeAuth({ user, phase: user ? 'auth' : 'no-auth' })}>
      <AppThemeProvider>
        <Mode />
      </AppThemeProvider>
    </AuthContext.Provider>,
  );
  return screen.getByRole('status');
}

describe('AppThemeProvider', () => {
  beforeEach(() => localStorage.clear());

  it("draws in the signed-in user's choice and remembers it for this browser", () => {
    systemPrefersDark(false);
    expect(renderWith('dark')).toHaveTextContent('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('follows the system for the system choice', () => {
    systemPrefersDark(true);
    expect(renderWith('system')).toHaveTextContent('dark');
  });

  it('uses the last choice of this browser before the account is known, else the system', () => {
    systemPrefersDark(false);
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    expect(renderWith(null)).toHaveTextContent('dark');
  });

  it('maps each preference to a palette mode', () => {
    expect(paletteMode('light', true)).toBe('light');
    expect(paletteMode('dark', false)).toBe('dark');
    expect(paletteMode('system', true)).toBe('dark');
    expect(paletteMode('system', false)).toBe('light');
  });
});
