import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../../store';
import { fakeAuth, TestProviders } from '../../../test/renderWithProviders';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en } from '../../shared/messages';
import { MAIN_ID, ScreenFocus, SkipLink, type ScreenFocusProps } from './ScreenFocus';

function Shell({ titleFrom }: ScreenFocusProps) {
  return (
    <>
      <SkipLink />
      <nav>
        <a href="#x">menu entry</a>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <ScreenFocus titleFrom={titleFrom} />
        <Outlet />
      </main>
    </>
  );
}

function Screen({ crumb, heading, field }: { crumb?: string; heading: string; field?: boolean }) {
  useBreadcrumbs(crumb ? [{ label: en.dashboard, path: '/' }, { label: crumb }] : []);
  return (
    <>
      <h1>{heading}</h1>
      {field && <input aria-label="Email" autoFocus />}
    </>
  );
}

function renderShell(titleFrom: ScreenFocusProps['titleFrom']) {
  const router = createMemoryRouter([
    {
      element: <Shell titleFrom={titleFrom} />,
      children: [
        { path: '/', element: <Screen crumb={en.dashboard} heading="Welcome, Ada" /> },
        { path: '/brands', element: <Screen crumb="Brand" heading="Brand" /> },
        { path: '/login', element: <Screen heading="Sign in" field /> },
        { path: '/forgot', element: <Screen heading="Forgot Password" /> },
      ],
    },
  ]);
  render(
    <TestProviders store={makeStore()} auth={fakeAuth()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('ScreenFocus', () => {
  it('names the screen in the title from the last breadcrumb and leaves focus alone on the first load', async () => {
    renderShell('breadcrumbs');
    await waitFor(() => expect(document.title).toBe(`${en.dashboard} · ${en.appName}`));
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new screen's heading after a navigation and renames the title", async () => {
    const router = renderShell('breadcrumbs');
    act(() => screen.getByRole('link', { name: 'menu entry' }).focus());
    await act(() => router.navigate('/brands'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Brand' })).toHaveFocus());
    expect(document.title).toBe(`Brand · ${en.appName}`);
  });

  it('takes the title from the heading where there are no breadcrumbs, and keeps an autofocused field', async () => {
    const router = renderShell('heading');
    await act(() => router.navigate('/forgot'));
    await waitFor(() => expect(document.title).toBe(`Forgot Password · ${en.appName}`));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toHaveFocus();
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe(`Sign in · ${en.appName}`));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });
});

describe('SkipLink', () => {
  it('is the first tab stop and sends focus to the main heading', async () => {
    const user = userEvent.setup();
    renderShell('breadcrumbs');
    await user.tab();
    const skip = screen.getByRole('link', { name: en.skipToContent });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Welcome, Ada' })).toHaveFocus();
  });
});
