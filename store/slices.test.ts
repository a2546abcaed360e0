import { breadcrumbsCleared, breadcrumbsSet } from './breadcrumbsSlice';
import { makeStore } from './index';
import { toastClosed, toastShown } from './toastSlice';
import { en } from '../src/shared/messages';

describe('breadcrumbs slice', () => {
  it('holds the list of items the screen set, and clears it', () => {
    const store = makeStore();
    store.dispatch(breadcrumbsSet([{ label: en.dashboard, path: '/' }, { label: en.profile }]));
    expect(store.getState().breadcrumbs).toEqual([{ label: en.dashboard, path: '/' }, { label: en.profile }]);
    store.dispatch(breadcrumbsCleared());
    expect(store.getState().breadcrumbs).toEqual([]);
  });
});

describe('toast slice', () => {
  it('gives a message 3 s and a notification 4.5 s', () => {
    const store = makeStore();
    store.dispatch(toastShown({ severity: 'success', message: 'Saved' }));
    store.dispatch(
      toastShown({ severity: 'info', title: 'Heads up', message: 'New mail', kind: 'notification' }),
    );
    expect(store.getState().toasts.map((toast) => [toast.message, toast.durationMs])).toEqual([
      ['Saved', 3000],
      ['New mail', 4500],
    ]);
  });
  it('removes a closed toast only', () => {
    const store = makeStore();
    store.dispatch(toastShown({ severity: 'error', message: 'One' }));
    store.dispatch(toastShown({ severity: 'error', message: 'Two' }));
    store.dispatch(toastClosed(store.getState().toasts[0].id));
    expect(store.getState().toasts.map((toast) => toast.message)).toEqual(['Two']);
  });
});
