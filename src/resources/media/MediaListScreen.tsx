import { useListMediaQuery } from '../../../store/mediaApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { MEDIA_TEXT } from '../../shared/messages/media';
import { mediaResource } from '../../shared/resources/media';
import { mediaColumns } from './mediaColumns';

export type MediaListScreenProps = {
  /** Render every row and column (jsdom has no layout). */
  disableVirtualization?: boolean;
};

/**
 * /setting/media: every uploaded file, searched by name, filtered by type, missing alt text and
 * upload date, sorted by date, name or size; a row opens the file (where it is used, replace, delete).
 */
export function MediaListScreen({ disableVirtualization }: MediaListScreenProps) {
  return (
    <ResourceListPage
      contract={mediaResource}
      title={MEDIA_TEXT.title}
      useList={useListMediaQuery}
      columns={mediaColumns}
      addPath={null}
      cardFields={['kind', 'size', 'width', 'created_at']}
      disableVirtualization={disableVirtualization}
    />
  );
}
