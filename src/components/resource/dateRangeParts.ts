import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

/** The range's two ends, in order, with their fields' labels. */
export const DATE_RANGE_ENDS = [
  { end: 'from', label: LIST_SCREEN_MESSAGES.dateFrom },
  { end: 'to', label: LIST_SCREEN_MESSAGES.dateTo },
] as const;

/**
 * Each field's width, the picker's and its stand-in's alike (the picker's own width for the display
 * format's placeholder, "DD MMM YYYY"): the filters do not move when the pickers come in.
 */
export const DATE_FIELD_SX = { width: 246 } as const;
