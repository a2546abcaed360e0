import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../auth/AuthContext';
import { SessionsPanel } from '../sessions/SessionsPanel';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import type { User } from '../../shared/contracts/account';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { ProfileForm } from './ProfileForm';
import { ProfileView } from './ProfileView';
import { PasskeysSection } from './PasskeysSection';
import { RememberedDevicesSection } from './RememberedDevicesSection';
import { TwoFactorSection } from './TwoFactorSection';

export type ProfileScreenProps = Record<string, never>;

/** The signed-in user's profile: shown read-only, edited in place; below it, their sessions. */
export function ProfileScreen(_props: ProfileScreenProps) {
  const { user, updateProfile } = useAuth();
  const [editing, setEditing] = useState(false);
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: en.profile }]);
  if (!user) return null;

  const saved = (next: User) => {
    updateProfile(next);
    setEditing(false);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Typography variant="h1">{en.profile}</Typography>
      {editing ? (
        <ProfileForm user={user} onSaved={saved} onCancel={() => setEditing(false)} />
      ) : (
        <ProfileView user={user} onEdit={() => setEditing(true)} />
      )}
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsPanel />
      <RememberedDevicesSection />
    </Stack>
  );
}
