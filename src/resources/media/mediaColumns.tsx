import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/Description';
import { listColumns } from '../../components/resource/listColumns';
import { formatDisplayDate } from '../../shared/formats';
import { formatBytes } from '../../shared/limits';
import { MEDIA_TEXT } from '../../shared/messages/media';
import { mediaResource, type MediaFile } from '../../shared/resources/media';

/** `1600 × 900 px`, or a dash for a document. */
export const dimensionsOf = (file: Pick<MediaFile, 'width' | 'height'>): string =>
  file.width && file.height ? `${file.width} × ${file.height} px` : '—';

export const kindLabel = (file: Pick<MediaFile, 'kind'>): string =>
  file.kind === 'image' ? MEDIA_TEXT.image : MEDIA_TEXT.document;

export interface MediaThumbnailProps {
  file: Pick<MediaFile, 'kind' | 'preview_url' | 'url'>;
  size: number;
}

/** A file's small picture: its preview, or a document icon. Decoration: its name is beside it. */
export function MediaThumbnail({ file, size }: MediaThumbnailProps) {
  return file.kind === 'image' ? (
    <Box
      component="img"
      src={file.preview_url ?? file.url}
      alt=""
      loading="lazy"
      sx={{
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: 1,
        flexShrink: 0,
        bgcolor: 'action.hover',
      }}
    />
  ) : (
    <DescriptionIcon aria-hidden sx={{ width: size, height: size, color: 'text.secondary', flexShrink: 0 }} />
  );
}

/** A file as a grid tile's picture: its preview whole, or a document icon (decoration: the name is below). */
export function MediaTilePicture({ file }: { file: Pick<MediaFile, 'kind' | 'preview_url' | 'url'> }) {
  return (
    <Box
      sx={{
        aspectRatio: '4 / 3',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {file.kind === 'image' ? (
        <Box
          component="img"
          src={file.preview_url ?? file.url}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <DescriptionIcon aria-hidden sx={{ fontSize: 56, color: 'text.secondary' }} />
      )}
    </Box>
  );
}

/** The media library's columns; `field` names match the contract's sortable columns. */
export const mediaColumns = listColumns(mediaResource, [
  {
    field: 'name',
    headerName: MEDIA_TEXT.name,
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ height: '100%', minWidth: 0 }}>
        <MediaThumbnail file={row} size={32} />
        <Typography variant="body2" noWrap>
          {row.name}
        </Typography>
      </Stack>
    ),
  },
  { field: 'kind', headerName: MEDIA_TEXT.kind, width: 110, valueFormatter: (_value, row) => kindLabel(row) },
  {
    field: 'size',
    headerName: MEDIA_TEXT.size,
    width: 100,
    valueFormatter: (value: number) => formatBytes(value),
  },
  {
    field: 'width',
    headerName: MEDIA_TEXT.dimensions,
    width: 140,
    sortable: false,
    valueFormatter: (_value, row) => dimensionsOf(row),
  },
  {
    field: 'alt',
    headerName: MEDIA_TEXT.alt,
    flex: 1,
    minWidth: 160,
    sortable: false,
    renderCell: ({ row }) =>
      row.kind !== 'image' ? (
        '—'
      ) : row.alt ? (
        <Typography variant="body2" noWrap title={row.alt} sx={{ lineHeight: 'inherit' }}>
          {row.alt}
        </Typography>
      ) : (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={MEDIA_TEXT.noAlt}
          sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
        />
      ),
  },
  {
    field: 'uploader',
    headerName: MEDIA_TEXT.uploader,
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => row.uploader?.name ?? '—',
  },
  {
    field: 'created_at',
    headerName: MEDIA_TEXT.date,
    width: 130,
    valueFormatter: (value: string) => formatDisplayDate(value),
  },
]);
