import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RestoreIcon from '@mui/icons-material/Restore';
import { thrownErrorMessages } from '../../../../store/errorDisplay';
import {
  HISTORY_PAGE_SIZE,
  useListRevisionsQuery,
  useRestoreRevisionMutation,
  type Revision,
} from '../../../../store/historyApi';
import { useNotify } from '../../../hooks/useNotify';
import { en, format } from '../../../shared/messages';
import { HISTORY_MESSAGES } from '../../../shared/messages/history';
import { historyText } from '../../../shared/messages/historyScreens';
import type { ResourceContract } from '../../../shared/resources/resource';
import { fieldDifference, formatWhen } from './changes';
import { FieldDifferences } from './FieldDifferences';

export interface HistoryTimelineProps {
  contract: Pick<ResourceContract, 'group' | 'tag' | 'sheet' | 'item'>;
  id: number;
  /** The record's `updated_at` as the form loaded it: a restore over a newer one is refused (409). */
  updatedAt?: string | null;
  /** Holds the update permission: each entry offers "Restore this version". */
  canRestore: boolean;
  /** The form holds unsaved changes (the confirmation says they will be lost). */
  dirty: boolean;
  /** After a restore: the form drops its edits and shows the record as restored. */
  onRestored: () => void;
}

/**
 * A record's history, newest first (API contract: History and audit): who did what and when, each
 * entry expandable to its field differences, and "Restore this version" after a confirmation.
 * Pages of 20; "Show more" adds the next.
 */
export function HistoryTimeline(props: HistoryTimelineProps) {
  const [pages, setPages] = useState(1);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  return (
    <Stack spacing={0} component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {Array.from({ length: pages }, (_, index) => (
        <HistoryPage
          key={index}
          {...props}
          page={index + 1}
          last={index + 1 === pages}
          onMore={() => setPages((count) => count + 1)}
          onRestore={setRestoring}
        />
      ))}
      {restoring && <RestoreDialog {...props} revision={restoring} onClose={() => setRestoring(null)} />}
    </Stack>
  );
}

interface HistoryPageProps extends HistoryTimelineProps {
  page: number;
  last: boolean;
  onMore: () => void;
  onRestore: (revision: Revision) => void;
}

function HistoryPage({ contract, id, page, last, onMore, onRestore, canRestore }: HistoryPageProps) {
  const { data, isLoading, isFetching, error, refetch } = useListRevisionsQuery({
    group: contract.group,
    tag: contract.tag,
    id,
    page,
    per_page: HISTORY_PAGE_SIZE,
  });
  if (isLoading)
    return (
      <Box component="li" aria-busy="true" sx={{ py: 1 }}>
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="40%" />
      </Box>
    );
  if (error || !data)
    return (
      <Box component="li">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {historyText.retry}
            </Button>
          }
        >
          {thrownErrorMessages(error, historyText.historyLoadFailed).join(' ')}
        </Alert>
      </Box>
    );
  if (page === 1 && data.data.length === 0)
    return (
      <Typography component="li" variant="body2" color="text.secondary">
        {historyText.historyEmpty}
      </Typography>
    );
  const more = last && page * HISTORY_PAGE_SIZE < data.meta.total;
  return (
    <>
      {data.data.map((revision, index) => (
        <HistoryEntry
          key={revision.id}
          contract={contract}
          revision={revision}
          first={page === 1 && index === 0}
          canRestore={canRestore}
          onRestore={onRestore}
        />
      ))}
      {more && (
        <Box component="li" sx={{ pt: 1 }}>
          <Button onClick={onMore} disabled={isFetching}>
            {historyText.showMore}
          </Button>
        </Box>
      )}
    </>
  );
}

interface HistoryEntryProps {
  contract: HistoryTimelineProps['contract'];
  revision: Revision;
  /** The newest entry: the record's present state, so it has nothing to restore. */
  first: boolean;
  canRestore: boolean;
  onRestore: (revision: Revision) => void;
}

function HistoryEntry({ contract, revision, first, canRestore, onRestore }: HistoryEntryProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const differences = useMemo(
    () => Object.entries(revision.changes).map(([field, change]) => fieldDifference(contract, field, change)),
    [contract, revision],
  );
  const action = historyText.actions[revision.action] ?? revision.action;
  const when = formatWhen(revision.created_at);
  const restorable = canRestore && !first && revision.action !== 'delete';
  return (
    <Box component="li">
      <Divider />
      <Stack spacing={0.5} sx={{ py: 1.25 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.25, sm: 1 }}
          alignItems={{ sm: 'baseline' }}
          justifyContent="space-between"
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {historyText.entryBy(action, revision.user?.name ?? historyText.unknownUser)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={revision.created_at} title={when.absolute}>
              {when.relative}
            </time>
            {' · '}
            {when.absolute}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            {`${open ? historyText.hideDetails : historyText.showDetails} (${historyText.changedFields(differences.length)})`}
          </Button>
          {restorable && (
            <Button size="small" startIcon={<RestoreIcon />} onClick={() => onRestore(revision)}>
              {historyText.restoreVersion}
            </Button>
          )}
        </Stack>
        <Collapse in={open} unmountOnExit>
          <Box id={detailsId} sx={{ pt: 1, pl: { sm: 1 } }}>
            <FieldDifferences
              differences={differences}
              only={
                revision.action === 'create' ? 'after' : revision.action === 'delete' ? 'before' : undefined
              }
            />
          </Box>
        </Collapse>
      </Stack>
    </Box>
  );
}

interface RestoreDialogProps extends HistoryTimelineProps {
  revision: Revision;
  onClose: () => void;
}

/** "Restore this version?": says what it does (and that unsaved edits go), shows a 409 or 422 in place. */
function RestoreDialog({
  contract,
  id,
  updatedAt,
  dirty,
  revision,
  onClose,
  onRestored,
}: RestoreDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const [restore, { isLoading }] = useRestoreRevisionMutation();
  const [failure, setFailure] = useState<string[] | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      const { message } = await restore({
        group: contract.group,
        tag: contract.tag,
        id,
        revisionId: revision.id,
        updated_at: updatedAt,
      }).unwrap();
      notify.success(message || format(HISTORY_MESSAGES.revisionRestored, { item: contract.item }));
      onClose();
      onRestored();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setFailure(
        status === 409
          ? [historyText.staleRestore]
          : thrownErrorMessages(error, historyText.historyLoadFailed),
      );
    }
  };
  const when = formatWhen(revision.created_at);
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{historyText.restoreVersionTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <DialogContentText>{historyText.restoreVersionText(when.absolute)}</DialogContentText>
          {dirty && <Alert severity="warning">{historyText.restoreVersionUnsaved}</Alert>}
          {failure && (
            <Alert severity="error" role="alert">
              {failure.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading} autoFocus>
          {en.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : <RestoreIcon />}
        >
          {historyText.restore}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
