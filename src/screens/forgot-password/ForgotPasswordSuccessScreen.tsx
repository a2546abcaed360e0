import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type ForgotPasswordSuccessScreenProps = Record<string, never>;

/** Confirms that a reset link is on its way. */
export function ForgotPasswordSuccessScreen(_props: ForgotPasswordSuccessScreenProps) {
  return (
    <Stack spacing={3} alignItems="center" textAlign="center">
      <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h2" component="h1">
        {en.forgotPasswordTitle}
      </Typography>
      <Typography color="text.secondary">{en.forgotPasswordSuccess}</Typography>
      <Button component={RouterLink} to={ROUTES.login} variant="contained" size="large" fullWidth>
        {en.backToLogin}
      </Button>
    </Stack>
  );
}
