import { listColumns } from '../../components/resource/listColumns';
import { brandsResource, type Brand } from '../../shared/resources/brands';
import { taxonomyColumns } from '../taxonomy/taxonomyColumns';

/** The brand list's columns: the logo beside the name. */
export const brandColumns = listColumns(
  brandsResource,
  taxonomyColumns<Brand>((brand) => brand.logo),
);
