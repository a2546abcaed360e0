import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface GuestMessageProps {
  /** A large icon above the heading. */
  icon: ReactNode;
  title: string;
  text: string;
  /** The one way on: a button linking to `to`. */
  action: { label: string; to: string };
}

/** A guest screen that only tells the visitor something (mail sent, link expired) and where to go next. */
export function GuestMessage({ icon, title, text, action }: GuestMessageProps) {
  return (
    <Stack spacing={3} alignItems="center" textAlign="center">
      {icon}
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button component={RouterLink} to={action.to} variant="contained" size="large" fullWidth>
        {action.label}
      </Button>
    </Stack>
  );
}
