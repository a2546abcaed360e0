/**
 * A user's own settings, kept on the server with their account (API contract: account preferences).
 * Plain data without Yup, so the theme can be chosen before anything validates (the SPA's first
 * load); the schema that checks them is in contracts/account.ts.
 */

/** How the interface is drawn: light, dark, or as the operating system says. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** Settings a user keeps for themselves on the server, so they follow them to another browser. */
export interface UserPreferences {
  theme: ThemePreference;
}

export const DEFAULT_PREFERENCES: UserPreferences = { theme: 'system' };
