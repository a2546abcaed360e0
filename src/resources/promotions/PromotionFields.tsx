import { useListPromotionsQuery } from '../../../store/promotionsApi';
import { promotionContent, promotionsResource, type Promotion } from '../../shared/resources/promotions';
import { SITE_PATHS } from '../../shared/resources/seo';
import { ContentFields } from '../content/ContentFields';

export interface PromotionFieldsProps {
  /** The promotion being edited (its files); absent on add. */
  item?: Promotion;
  /** Read-only: the user may see the promotion but not save it. */
  disabled?: boolean;
}

/** A promotion's fields, shared by add and detail: general and dates, content, images, SEO (content.ts). */
export function PromotionFields({ item, disabled }: PromotionFieldsProps) {
  return (
    <ContentFields
      content={promotionContent}
      useList={useListPromotionsQuery}
      site={{ path: SITE_PATHS.promotions, itemName: promotionsResource.item }}
      item={item}
      disabled={disabled}
    />
  );
}
