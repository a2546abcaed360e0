import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { toastShown } from '../../../store/toastSlice';
import { en } from '../../shared/messages';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('closes a message after 3 s', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'success', message: 'Saved' }));
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows a notification with its title and closes it after 4.5 s', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(
        toastShown({
          severity: 'success',
          title: 'The token has expired',
          message: 'Try again',
          kind: 'notification',
        }),
      );
    });
    expect(screen.getByText(en.tokenExpiredTitle)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Try again');
    act(() => jest.advanceTimersByTime(4400));
    expect(screen.getByText('Try again')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Try again')).not.toBeInTheDocument();
  });

  it('stacks toasts and closes one on its close button', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'info', message: 'First' }));
      store.dispatch(toastShown({ severity: 'error', message: 'Second' }));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    act(() => screen.getAllByRole('button', { name: /close/i })[0].click());
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('closes an error message after 3 s too (issue #41), or earlier on its close button', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'error', message: 'This brand is used by 51 products' }));
    });
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByText('This brand is used by 51 products')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('This brand is used by 51 products')).not.toBeInTheDocument();

    act(() => {
      store.dispatch(toastShown({ severity: 'error', message: 'It broke' }));
    });
    act(() => screen.getByRole('button', { name: /close/i }).click());
    expect(screen.queryByText('It broke')).not.toBeInTheDocument();
  });

  it('closes an error notification after 4.5 s', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(
        toastShown({ severity: 'error', title: 'Import failed', message: 'Row 3', kind: 'notification' }),
      );
    });
    act(() => jest.advanceTimersByTime(4400));
    expect(screen.getByText('Row 3')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Row 3')).not.toBeInTheDocument();
  });

  it('holds a toast while the pointer is on it and closes it the rest of its time after', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'success', message: 'Saved' }));
    });
    act(() => jest.advanceTimersByTime(2000));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => jest.advanceTimersByTime(900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('holds a toast while it has keyboard focus', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'info', message: 'Note' }));
    });
    act(() => screen.getByRole('button', { name: /close/i }).focus());
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Note')).toBeInTheDocument();
  });

  it('shows the same failure once, however often it is reported', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(toastShown({ severity: 'error', message: en.serverUnreachable }));
      store.dispatch(toastShown({ severity: 'error', message: en.serverUnreachable }));
    });
    expect(screen.getAllByText(en.serverUnreachable)).toHaveLength(1);
  });
});
