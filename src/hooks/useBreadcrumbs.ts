import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { breadcrumbsSet, type BreadcrumbItem } from '../../store/breadcrumbsSlice';

/**
 * Sets the header's breadcrumbs while the calling screen is shown. Items are compared by value, so
 * an inline array literal does not dispatch on every render.
 */
export function useBreadcrumbs(items: BreadcrumbItem[]): void {
  const dispatch = useAppDispatch();
  const key = JSON.stringify(items);
  useEffect(() => {
    dispatch(breadcrumbsSet(JSON.parse(key) as BreadcrumbItem[]));
  }, [dispatch, key]);
}
