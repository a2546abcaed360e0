import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../../store/hooks';
import { en } from '../../shared/messages';

export type AppBreadcrumbsProps = Record<string, never>;

/** The current screen's breadcrumbs: the last is plain text, earlier ones links unless disabled. */
export function AppBreadcrumbs(_props: AppBreadcrumbsProps) {
  const items = useAppSelector((state) => state.breadcrumbs);
  if (items.length === 0) return null;

  return (
    <Breadcrumbs aria-label={en.breadcrumb} sx={{ mb: 2 }}>
      {items.map((item, index) => {
        const last = index === items.length - 1;
        if (last)
          return (
            <Typography key={index} variant="body2" color="text.primary" aria-current="page">
              {item.label}
            </Typography>
          );
        if (item.disabled || !item.path)
          return (
            <Typography key={index} variant="body2" color="text.secondary">
              {item.label}
            </Typography>
          );
        return (
          <Link
            key={index}
            component={RouterLink}
            to={item.path}
            variant="body2"
            underline="hover"
            color="inherit"
          >
            {item.label}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
