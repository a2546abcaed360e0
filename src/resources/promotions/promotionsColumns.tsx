import { listColumns } from '../../components/resource/listColumns';
import { promotionContent, promotionsResource, type Promotion } from '../../shared/resources/promotions';
import { contentColumns } from '../content/contentColumns';

/** The promotion list's columns: the image (else the banner) beside the title, the start and end (content.ts). */
export const promotionsColumns = listColumns(
  promotionsResource,
  contentColumns<Promotion>(promotionContent, (row) => row.image ?? row.banner),
);
