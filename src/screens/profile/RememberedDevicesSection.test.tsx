import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import {
  REMEMBERED_DEVICE_PATHS as PATHS,
  type RememberedDevice,
} from '../../shared/contracts/rememberedDevices';
import { REMEMBERED_DEVICE_MESSAGES as M } from '../../shared/messages/rememberedDevices';
import { RememberedDevicesSection } from './RememberedDevicesSection';

const laptop: RememberedDevice = {
  id: 3,
  browser: 'Firefox 121.0',
  system: 'Windows 10',
  ip: '10.9.9.9',
  remembered_at: '2026-11-30T09:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-12-30T09:00:00.000Z',
};
const phone: RememberedDevice = {
  ...laptop,
  id: 4,
  browser: 'Safari 17.1',
  system: 'iOS 17.1',
  ip: '10.0.0.2',
};

describe('RememberedDevicesSection', () => {
  it('lists the remembered devices and forgets one after asking', async () => {
    const network = fakeNetwork({
      [`GET ${PATHS.list}`]: { body: { data: [laptop, phone] } },
      [`DELETE ${PATHS.one(laptop.id)}`]: { body: { message: M.forgotten } },
    });
    renderWithProviders(<RememberedDevicesSection />);
    const grid = await screen.findByRole('grid', { name: M.title });
    expect(await within(grid).findByText('Firefox 121.0')).toBeInTheDocument();
    expect(within(grid).getAllByText(M.never)).toHaveLength(2);
    const forget = within(grid).getByRole('button', { name: 'Forget device: Firefox 121.0 on Windows 10' });

    const actor = userEvent.setup({ delay: null });
    await actor.click(forget);
    const dialog = await screen.findByRole('dialog', { name: M.confirmForgetTitle });
    expect(network.requestsTo(PATHS.one(laptop.id))).toHaveLength(0);
    network.route(`GET ${PATHS.list}`, { body: { data: [phone] } });
    await actor.click(within(dialog).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(network.requestsTo(PATHS.one(laptop.id))).toHaveLength(1));
    expect(await screen.findByText(M.forgotten)).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Firefox 121.0')).not.toBeInTheDocument());
  });

  it("forgets all of a user's devices after asking, then has nothing left to forget", async () => {
    const network = fakeNetwork({
      [`GET ${PATHS.user(42)}`]: { body: { data: [laptop] } },
      [`DELETE ${PATHS.user(42)}`]: { body: { data: { forgotten: 1 }, message: '1 devices were forgotten' } },
    });
    renderWithProviders(<RememberedDevicesSection userId={42} />);
    const actor = userEvent.setup({ delay: null });
    expect(screen.getByText(M.userIntro)).toBeInTheDocument();
    await screen.findByText('Firefox 121.0');
    const all = screen.getByRole('button', { name: M.forgetAll });
    await actor.click(all);
    const dialog = await screen.findByRole('dialog', { name: M.confirmForgetAllTitle });
    network.route(`GET ${PATHS.user(42)}`, { body: { data: [] } });
    await actor.click(within(dialog).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(network.requestsTo(PATHS.user(42))).toHaveLength(3));
    await waitFor(() => expect(all).toBeDisabled());
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });
});
