import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { StatusChip } from '../../components/data/StatusChip';
import { UserAvatar } from '../../components/data/UserAvatar';
import type { User } from '../../shared/contracts/account';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface AccountCardProps {
  user: User;
}

/** Who is signed in, with which role, and the ways to manage the account. */
export function AccountCard({ user }: AccountCardProps) {
  return (
    <Card>
      <CardHeader title={SCREEN_TEXT.yourAccount} slotProps={{ title: { variant: 'h3', component: 'h2' } }} />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center">
          <UserAvatar name={user.name} photo={user.photo} size={56} />
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" noWrap>
              {user.role?.name ?? SCREEN_TEXT.noRole}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
            <StatusChip status={user.status} />
          </Stack>
        </Stack>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={ROUTES.profile}>
          {en.viewProfile}
        </Button>
        <Button component={RouterLink} to={ROUTES.changePassword}>
          {en.changePassword}
        </Button>
      </CardActions>
    </Card>
  );
}
