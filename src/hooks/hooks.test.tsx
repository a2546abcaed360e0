import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { useBreadcrumbs } from './useBreadcrumbs';
import { useNotify } from './useNotify';
import { en } from '../shared/messages';

function Notifier() {
  const notify = useNotify();
  useEffect(() => {
    notify.success('Saved');
    notify.notify({ severity: 'success', title: 'The token has expired', message: 'Ask again.' });
    notify.error('It broke');
  }, [notify]);
  return null;
}

describe('useNotify', () => {
  it('shows a 3 s message, a 4.5 s notification with a title and a 3 s error', () => {
    const { store } = renderWithProviders(<Notifier />);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText(en.tokenExpiredTitle)).toBeInTheDocument();
    const [message, notification, error] = store.getState().toasts;
    expect(message).toMatchObject({ kind: 'message', severity: 'success', durationMs: 3000 });
    expect(notification).toMatchObject({ kind: 'notification', severity: 'success', durationMs: 4500 });
    expect(error).toMatchObject({ kind: 'message', severity: 'error', durationMs: 3000 });
  });
});

function Crumbs() {
  const [, rerender] = useState(0);
  useBreadcrumbs([{ label: en.dashboard, path: '/' }, { label: en.profile }]);
  return <button onClick={() => rerender((n) => n + 1)}>render again</button>;
}

describe('useBreadcrumbs', () => {
  it('sets the breadcrumbs once per distinct value, not per render', () => {
    const { store } = renderWithProviders(<Crumbs />);
    const crumbs = store.getState().breadcrumbs;
    expect(crumbs).toEqual([{ label: en.dashboard, path: '/' }, { label: en.profile }]);
    act(() => screen.getByRole('button').click());
    // A new dispatch would have stored a new array.
    expect(store.getState().breadcrumbs).toBe(crumbs);
  });
});
