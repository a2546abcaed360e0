import { useParams } from 'react-router-dom';

/**
 * The `:id` of a detail route: undefined on an add route (no `:id`), the number for a positive
 * integer, NaN for anything else (`/product/abc`), which the form page answers with the 404 page.
 */
export function useRecordId(): number | undefined {
  const raw = useParams().id;
  if (raw === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
}
