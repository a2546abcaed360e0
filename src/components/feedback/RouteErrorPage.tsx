import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

/** A script chunk (`ChunkLoadError`) or style chunk (`CSS_CHUNK_LOAD_FAILED`) that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === en.chunkLoadError ||
    code === en.cssChunkLoadFailed ||
    (typeof message === 'string' && /Loading (CSS )?chunk .* failed/i.test(message))
  );
}

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

export interface ErrorViewProps {
  error: unknown;
}

/** What a failed route shows: a reload for a missing chunk, otherwise the error page. */
export function ErrorView({ error }: ErrorViewProps) {
  const chunk = isChunkLoadError(error);
  const stack = process.env.NODE_ENV !== 'production' && error instanceof Error ? error.stack : undefined;

  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '60vh',
        px: 3,
        py: 6,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1" component="h1">
        {chunk ? en.chunkLoadError : en.unexpectedError}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {chunk ? en.chunkReloadText : errorText(error)}
      </Typography>
      {stack && (
        <Box
          component="pre"
          sx={{
            maxWidth: '100%',
            overflow: 'auto',
            textAlign: 'left',
            fontSize: 12,
            color: 'text.secondary',
          }}
        >
          {stack}
        </Box>
      )}
      {chunk ? (
        <Button variant="contained" onClick={() => window.location.reload()}>
          {en.reload}
        </Button>
      ) : (
        // A plain link: after an unexpected error the router's state may not be trustworthy.
        <Button variant="contained" href={ROUTES.dashboard}>
          {en.backToHome}
        </Button>
      )}
    </Box>
  );
}

export type RouteErrorPageProps = Record<string, never>;

/** The router's `errorElement`. */
export function RouteErrorPage(_props: RouteErrorPageProps) {
  return <ErrorView error={useRouteError()} />;
}
