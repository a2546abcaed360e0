import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { en } from '../../shared/messages';
import { ErrorView, isChunkLoadError, RouteErrorPage } from './RouteErrorPage';

const failingRoute = (error: unknown) => ({
  path: '/broken',
  errorElement: <RouteErrorPage />,
  hydrateFallbackElement: <p>Loading</p>,
  lazy: () => Promise.reject(error),
});

function chunkError(): Error {
  const error = new Error('Loading chunk 412 failed.\n(error: http://localhost/412.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('RouteErrorPage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('offers a reload when a lazy screen’s script chunk fails to load', async () => {
    renderWithProviders(<div />, { path: '/', route: '/broken', routes: [failingRoute(chunkError())] });
    expect(await screen.findByText(en.chunkReloadText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.reload })).toBeInTheDocument();
    expect(screen.queryByText(en.unexpectedError)).not.toBeInTheDocument();
  });

  it('shows the error page for any other failure', async () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined');
    };
    renderWithProviders(<div />, {
      path: '/',
      route: '/broken',
      routes: [{ path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> }],
    });
    expect(await screen.findByRole('heading', { name: en.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.backToHome })).toHaveAttribute('href', '/');
  });

  it('offers a reload when a style chunk fails to load', () => {
    const error = Object.assign(new Error('Loading CSS chunk 7 failed. (/7.css)'), {
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
    renderWithProviders(<ErrorView error={error} />);
    expect(screen.getByText(en.chunkReloadText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.reload })).toBeInTheDocument();
  });
});

describe('isChunkLoadError', () => {
  it('recognises script and style chunk failures only', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed. (/7.css)'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
