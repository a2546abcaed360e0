import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { SIZES } from '../../shared/limits';
import { en } from '../../shared/messages';

export interface LoadingBlockProps {
  /** Block height in px (ignored when `fullHeight`). */
  height?: number;
  /** Fill the viewport (100vh), for whole-page loading. */
  fullHeight?: boolean;
}

/** A centred spinner standing in for content that is loading. */
export function LoadingBlock({ height = SIZES.loadingBlockHeight, fullHeight }: LoadingBlockProps) {
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label={en.loading}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        height: fullHeight ? '100vh' : height,
      }}
    >
      <CircularProgress />
    </Box>
  );
}
