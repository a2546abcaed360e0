import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { ForgotPasswordSuccessScreen } from './ForgotPasswordSuccessScreen';
import { en } from '../../shared/messages';

const guest = { phase: 'no-auth' as const, user: null };

function renderScreen() {
  return renderWithProviders(<ForgotPasswordScreen />, {
    path: ROUTES.forgotPassword,
    auth: guest,
    routes: [{ path: ROUTES.forgotPasswordSuccess, element: <ForgotPasswordSuccessScreen /> }],
  });
}

describe('ForgotPasswordScreen', () => {
  it('sends the e-mail and shows the success screen', async () => {
    const { requests } = fakeNetwork({
      'POST /api/password/forgot': { body: { message: 'Password reset has been sent to your email.' } },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderScreen();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByText(en.forgotPasswordSuccess)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.forgotPasswordSuccess);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/password/forgot',
        body: { email: 'ada@example.com' },
      }),
    ]);
    expect(screen.getByRole('link', { name: en.backToLogin })).toHaveAttribute('href', ROUTES.login);
  });

  it('asks for the e-mail before sending anything', async () => {
    const { requests } = fakeNetwork({});
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('puts a 422 message under the e-mail field and stays', async () => {
    fakeNetwork({
      'POST /api/password/forgot': {
        status: 422,
        body: { message: 'Email max 255 character', errors: { email: ['Email max 255 character'] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderScreen();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(
      await screen.findByRole('textbox', { description: 'Email max 255 character' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.forgotPassword);
  });

  it('links back to the login screen', () => {
    fakeNetwork({});
    renderScreen();
    expect(screen.getByRole('link', { name: en.backToLogin })).toHaveAttribute('href', ROUTES.login);
  });
});
