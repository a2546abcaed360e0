import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { breadcrumbsSlice } from './breadcrumbsSlice';
import { toastSlice } from './toastSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [breadcrumbsSlice.name]: breadcrumbsSlice.reducer,
  [toastSlice.name]: toastSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; the app makes one, tests make their own with a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
