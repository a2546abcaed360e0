import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One breadcrumb (spec §2): the last is never a link; earlier ones are links unless disabled. */
export interface BreadcrumbItem {
  label: string;
  path?: string;
  disabled?: boolean;
}

export const breadcrumbsSlice = createSlice({
  name: 'breadcrumbs',
  initialState: [] as BreadcrumbItem[],
  reducers: {
    breadcrumbsSet: (_state, action: PayloadAction<BreadcrumbItem[]>) => action.payload,
    breadcrumbsCleared: () => [],
  },
});

export const { breadcrumbsSet, breadcrumbsCleared } = breadcrumbsSlice.actions;
