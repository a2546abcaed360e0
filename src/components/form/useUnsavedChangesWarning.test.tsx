import { renderWithProviders } from '../../../test/renderWithProviders';
import { UnsavedChangesPrompt } from './useUnsavedChangesWarning';

function beforeUnloadIsCancelled(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesWarning', () => {
  it('lets the browser ask before closing the tab while the form is dirty', () => {
    const { unmount } = renderWithProviders(<UnsavedChangesPrompt when />);
    expect(beforeUnloadIsCancelled()).toBe(true);
    unmount();
    expect(beforeUnloadIsCancelled()).toBe(false);
  });

  it('does not ask while the form is clean', () => {
    renderWithProviders(<UnsavedChangesPrompt when={false} />);
    expect(beforeUnloadIsCancelled()).toBe(false);
  });
});
