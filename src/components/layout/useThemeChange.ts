import { useCallback } from 'react';
import { useUpdatePreferencesMutation } from '../../../store/accountApi';
import { useAuth } from '../../auth/AuthContext';
import { DEFAULT_PREFERENCES, type ThemePreference } from '../../shared/contracts/account';

/**
 * Switches the signed-in user's theme at once and keeps it on the server (so it follows them to
 * another browser); if the server refuses, the previous theme comes back (the base query toasted why).
 */
export function useThemeChange(): (theme: ThemePreference) => void {
  const { user, updateProfile } = useAuth();
  const [updatePreferences] = useUpdatePreferencesMutation();
  return useCallback(
    (theme: ThemePreference) => {
      if (!user) return;
      const previous = user.preferences ?? DEFAULT_PREFERENCES;
      updateProfile({ ...user, preferences: { ...previous, theme } });
      updatePreferences({ theme })
        .unwrap()
        .then(({ data }) => updateProfile(data))
        .catch(() => updateProfile({ ...user, preferences: previous }));
    },
    [user, updateProfile, updatePreferences],
  );
}
