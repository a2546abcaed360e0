import type { ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface FormSectionProps {
  title: string;
  children: ReactNode;
  /** No rule above the title (the form's first section). */
  first?: boolean;
}

/** A titled group of a long form's fields (e.g. a product's SEO fields). */
export function FormSection({ title, children, first }: FormSectionProps) {
  return (
    <Stack component="section" spacing={2} aria-label={title}>
      {!first && <Divider />}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
