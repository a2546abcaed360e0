import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type TokenExpiredProps = Record<string, never>;

/** The reset link no longer works: explain and offer a new request. */
export function TokenExpired(_props: TokenExpiredProps) {
  return (
    <Stack spacing={3} alignItems="center" textAlign="center">
      <LinkOffOutlined color="warning" sx={{ fontSize: 56 }} />
      <Typography variant="h2" component="h1">
        {en.tokenExpiredTitle}
      </Typography>
      <Typography color="text.secondary">{en.tokenExpiredText}</Typography>
      <Button component={RouterLink} to={ROUTES.forgotPassword} variant="contained" size="large" fullWidth>
        {en.forgotPasswordTitle}
      </Button>
    </Stack>
  );
}
