import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { en } from '../../shared/messages';

export interface LogoProps {
  size?: 'small' | 'large';
}

/** The logo mark and the app name from the runtime environment. */
export function Logo({ size = 'small' }: LogoProps) {
  const name = runtimeEnv().APP_NAME || en.appName;
  const mark = size === 'large' ? 40 : 28;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="img" src="/logo.svg" alt="" width={mark} height={mark} />
      <Typography variant={size === 'large' ? 'h3' : 'h5'} component="span" noWrap>
        {name}
      </Typography>
    </Box>
  );
}
