import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { accountApi } from '../../store/accountApi';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UnsavedChangesPrompt } from '../components/form/useUnsavedChangesWarning';
import { en } from '../shared/messages';
import { API_PATHS, BUILD_ID_HEADER } from '../shared/routes';
import { VersionCheck } from './VersionCheck';
import { SCREEN_TEXT } from '../shared/messages/screens';

const OURS = 'build-a';
const NEWER = 'build-b';
const INTERVAL = 60_000;
const versionRoute = `GET ${API_PATHS.version}`;
const serving = (id: string | null) => ({ body: { data: { id } } });

function renderCheck({ dirtyForm = false, currentId = OURS as string | null, realClock = false } = {}) {
  const clock = realClock ? undefined : new SimulatedClock();
  const reloadPage = jest.fn();
  const view = renderWithProviders(
    <>
      <VersionCheck currentId={currentId} intervalMs={INTERVAL} clock={clock} reloadPage={reloadPage} />
      <UnsavedChangesPrompt when={dirtyForm} />
    </>,
  );
  return { ...view, clock, reloadPage };
}

const focusWindow = () => act(() => void window.dispatchEvent(new Event('focus')));
const banner = () => screen.queryByText(en.newVersionAvailable, { exact: false });

describe('VersionCheck', () => {
  it('shows nothing while the server serves this tab’s build', async () => {
    const network = fakeNetwork({ [versionRoute]: serving(OURS) });
    renderCheck();
    focusWindow();
    await waitFor(() => expect(network.requestsTo(API_PATHS.version)).toHaveLength(1));
    // Let the answer reach the machine before looking.
    await act(async () => undefined);
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows "A new version is available — Reload" when a check on focus finds another build', async () => {
    const network = fakeNetwork({ [versionRoute]: serving(NEWER) });
    renderCheck();
    expect(banner()).not.toBeInTheDocument();
    focusWindow();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`${en.newVersionAvailable} — ${en.reload}`);
    expect(network.requestsTo(API_PATHS.version)[0].authorization).toBeNull();
  });

  it('runs on the real clock when given none', async () => {
    fakeNetwork({ [versionRoute]: serving(NEWER) });
    renderCheck({ realClock: true });
    focusWindow();
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });

  it('checks again every interval without a focus', async () => {
    const network = fakeNetwork({ [versionRoute]: serving(OURS) });
    const { clock } = renderCheck();
    if (!clock) throw new Error('a simulated clock');
    act(() => clock.increment(INTERVAL - 1));
    expect(network.requestsTo(API_PATHS.version)).toHaveLength(0);
    act(() => clock.increment(1));
    await waitFor(() => expect(network.requestsTo(API_PATHS.version)).toHaveLength(1));
    network.route(versionRoute, serving(NEWER));
    act(() => clock.increment(INTERVAL));
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });

  it('learns of a new build from the header of any API answer, without asking', async () => {
    const network = fakeNetwork({
      [`GET ${API_PATHS.account}`]: { body: { data: {} }, headers: { [BUILD_ID_HEADER]: NEWER } },
    });
    const { store } = renderCheck();
    await act(async () => {
      await store.dispatch(accountApi.endpoints.getAccount.initiate(undefined, { subscribe: false }));
    });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(network.requestsTo(API_PATHS.version)).toHaveLength(0);
  });

  it('reloads at once when no form holds unsaved changes', async () => {
    fakeNetwork({ [versionRoute]: serving(NEWER) });
    const { reloadPage } = renderCheck();
    focusWindow();
    await userEvent.click(await screen.findByRole('button', { name: en.reload }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when a form holds unsaved changes: Stay keeps the page, Leave reloads', async () => {
    fakeNetwork({ [versionRoute]: serving(NEWER) });
    const { reloadPage } = renderCheck({ dirtyForm: true });
    const user = userEvent.setup();
    focusWindow();
    await user.click(await screen.findByRole('button', { name: en.reload }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(en.unsavedChanges);
    await user.click(screen.getByRole('button', { name: SCREEN_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reloadPage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: en.reload }));
    await user.click(await screen.findByRole('button', { name: SCREEN_TEXT.leave }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('lets the reload through without the browser’s own prompt once the user chose to leave', async () => {
    fakeNetwork({ [versionRoute]: serving(NEWER) });
    const prompted: boolean[] = [];
    const reloadPage = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      prompted.push(event.defaultPrevented);
    };
    const clock = new SimulatedClock();
    renderWithProviders(
      <>
        <VersionCheck currentId={OURS} intervalMs={INTERVAL} clock={clock} reloadPage={reloadPage} />
        <UnsavedChangesPrompt when />
      </>,
    );
    const user = userEvent.setup();
    focusWindow();
    await user.click(await screen.findByRole('button', { name: en.reload }));
    await user.click(await screen.findByRole('button', { name: SCREEN_TEXT.leave }));
    expect(prompted).toEqual([false]);
  });

  it('checks nothing in a build without an id (development, tests)', async () => {
    const network = fakeNetwork({ [versionRoute]: serving(NEWER) });
    renderCheck({ currentId: null });
    focusWindow();
    await act(async () => undefined);
    expect(network.requestsTo(API_PATHS.version)).toHaveLength(0);
    expect(banner()).not.toBeInTheDocument();
  });
});
