import { useListMediaQuery } from '../../../store/mediaApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { MEDIA_TEXT } from '../../shared/messages/media';
import { mediaResource, type MediaFile } from '../../shared/resources/media';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { MediaTilePicture, mediaColumns } from './mediaColumns';

const GALLERY = {
  picture: (file: MediaFile) => <MediaTilePicture file={file} />,
  storageKey: STORAGE_KEYS.mediaView,
};

export type MediaListScreenProps = {
  /** Render every row and column (jsdom has no layout). */
  disableVirtualization?: boolean;
};

/**
 * /setting/media: every uploaded file, searched by name, filtered by type, missing alt text and
 * upload date, sorted by date, name or size, as a table or a grid of pictures; a row opens the file
 * (where it is used, replace, delete).
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
      gallery={GALLERY}
      disableVirtualization={disableVirtualization}
    />
  );
}
