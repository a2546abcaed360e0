import type { Brand } from '../../shared/resources/brands';
import { taxonomyColumns } from '../taxonomy/taxonomyColumns';

/** The brand list's columns: the logo beside the name. */
export const brandColumns = taxonomyColumns<Brand>((brand) => brand.logo);
