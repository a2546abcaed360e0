import { productHighlightsApi } from '../../../store/productHighlightsApi';
import { listRows } from '../../components/resource/listRows';
import { productHighlightsResource } from '../../shared/resources/productHighlights';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const productHighlightRows = listRows(
  productHighlightsResource,
  productHighlightsApi.endpoints.listProductHighlights,
);
