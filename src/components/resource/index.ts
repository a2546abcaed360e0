export { ResourceListPage } from './ResourceListPage';
export { ResourceFormPage } from './ResourceFormPage';
export { ConfirmDialog, type ConfirmDialogProps } from '../feedback/ConfirmDialog';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { ExportMenu, type ExportMenuProps } from './ExportMenu';
export { OptionsFilter, type OptionsFilterProps, type FilterValue } from './OptionsFilter';
export { BooleanFilter, type BooleanFilterProps } from './BooleanFilter';
export { ListFilters, type ListFiltersProps } from './ListFilters';
export { EmptyListOverlay, type EmptyListOverlayProps } from './EmptyListOverlay';
export { DateRangeFilter, type DateRangeFilterProps, type DateRange } from './DateRangeFilter';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { ResetFiltersButton, type ResetFiltersButtonProps } from './ResetFiltersButton';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export * from './fields';
export { FormSection, type FormSectionProps } from './FormSection';
export {
  ImageNameCell,
  RowLink,
  StatusCell,
  type ImageNameCellProps,
  type ListReturnState,
  type RowLinkProps,
  type StatusCellProps,
} from './cells';
export type * from './types';
