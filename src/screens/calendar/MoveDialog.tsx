import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Form, Formik, useFormikContext } from 'formik';
import * as yup from 'yup';
import { FormTextField } from '../../components/form/FormTextField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { validateWith } from '../../components/form/validateWith';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { formatDisplayDate } from '../../shared/formats';
import { format } from '../../shared/messages';
import { CALENDAR_MESSAGES as M } from '../../shared/messages/calendar';
import { movedEnd } from './calendarDays';

interface MoveValues {
  date: string;
}

const moveSchema = yup.object({
  date: yup
    .string()
    .required(M.dateRequired)
    .matches(/^\d{4}-\d{2}-\d{2}$/, format(M.invalidDay, { field: 'date' })),
});
const validate = validateWith<MoveValues>(moveSchema);

export interface MoveDialogProps {
  item: CalendarItem | null;
  onClose: () => void;
  /** Moves the item; resolves once done (the dialog closes) or rejects (it stays open). */
  onMove: (item: CalendarItem, date: string) => Promise<void>;
}

/** Where the item's end lands with the date typed so far. */
function EndPreview({ item }: { item: CalendarItem }) {
  const { values } = useFormikContext<MoveValues>();
  if (!item.end_date) return <Typography color="text.secondary">{M.noEnd}</Typography>;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? movedEnd(item, values.date) : item.end_date;
  return <Typography aria-live="polite">{format(M.newEnd, { end: formatDisplayDate(end) })}</Typography>;
}

/** The keyboard's way to move an item (beside dragging it): its new go-live day; the end follows. */
export function MoveDialog({ item, onClose, onMove }: MoveDialogProps) {
  const title = item ? format(M.moveTitle, { title: item.title }) : '';
  return (
    <Dialog
      open={Boolean(item)}
      onClose={onClose}
      aria-labelledby="calendar-move-title"
      fullWidth
      maxWidth="xs"
    >
      {item && (
        <Formik<MoveValues>
          initialValues={{ date: item.date }}
          validate={validate}
          onSubmit={async ({ date }) => {
            await onMove(item, date).then(onClose, () => undefined);
          }}
        >
          <Form noValidate>
            <DialogTitle id="calendar-move-title">{title}</DialogTitle>
            <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <FormTextField name="date" type="date" label={M.newDate} required autoFocus />
              <EndPreview item={item} />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{M.cancel}</Button>
              <SubmitButton>{M.save}</SubmitButton>
            </DialogActions>
          </Form>
        </Formik>
      )}
    </Dialog>
  );
}
