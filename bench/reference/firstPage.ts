/**
 * datagrid-floor.tsx's first request, in a module of its own imported first: sent when the bundle
 * starts to run, before React's, MUI's and the grid's modules are evaluated.
 */
import { fetchProducts } from './api';

export const firstPage = fetchProducts(1, 'created_at', 'desc');
