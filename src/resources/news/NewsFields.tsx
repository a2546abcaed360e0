import { useListNewsQuery } from '../../../store/newsApi';
import { newsContent, newsResource, type News } from '../../shared/resources/news';
import { SITE_PATHS } from '../../shared/resources/seo';
import { ContentFields } from '../content/ContentFields';

export interface NewsFieldsProps {
  /** The news item being edited (its files); absent on add. */
  item?: News;
  /** Read-only: the user may see the news but not save it. */
  disabled?: boolean;
}

/** A news item's fields, shared by add and detail: general, content, images, SEO (content.ts). */
export function NewsFields({ item, disabled }: NewsFieldsProps) {
  return (
    <ContentFields
      content={newsContent}
      useList={useListNewsQuery}
      site={{ path: SITE_PATHS.news, itemName: newsResource.item }}
      item={item}
      disabled={disabled}
    />
  );
}
