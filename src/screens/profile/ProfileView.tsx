import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { ReactNode } from 'react';
import { StatusChip } from '../../components/data/StatusChip';
import { UserAvatar } from '../../components/data/UserAvatar';
import type { User } from '../../shared/contracts/account';
import { LABELS } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface ProfileViewProps {
  user: User;
  onEdit: () => void;
}

interface DetailProps {
  label: string;
  children: ReactNode;
}

function Detail({ label, children }: DetailProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ width: { sm: 160 }, flexShrink: 0 }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The signed-in user's details, read-only. */
export function ProfileView({ user, onEdit }: ProfileViewProps) {
  return (
    <Card>
      <CardContent>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center">
            <UserAvatar name={user.name} photo={user.photo} size={96} />
            <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="h2" component="h2" noWrap>
                {user.name}
              </Typography>
              <Typography color="text.secondary">{user.role?.name ?? SCREEN_TEXT.noRole}</Typography>
            </Stack>
            <Button variant="contained" startIcon={<EditOutlined />} onClick={onEdit}>
              {SCREEN_TEXT.edit}
            </Button>
          </Stack>
          <Divider />
          <Stack component="dl" spacing={2} sx={{ m: 0 }}>
            <Detail label={LABELS.name}>{user.name}</Detail>
            <Detail label={LABELS.email}>{user.email}</Detail>
            <Detail label={LABELS.phoneNumber}>{user.phone_number || SCREEN_TEXT.notSet}</Detail>
            <Detail label={LABELS.role}>{user.role?.name ?? SCREEN_TEXT.noRole}</Detail>
            <Detail label={LABELS.status}>
              <StatusChip status={user.status} />
            </Detail>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
