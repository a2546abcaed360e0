import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAssignContactFormMutation, useListAssigneesQuery } from '../../../store/contactFormsApi';
import { isApiError } from '../../components/form';
import { useNotify } from '../../hooks/useNotify';
import { CONTACT_LABELS, type ContactForm } from '../../shared/resources/contactForms';

export interface AssigneeSelectProps {
  item: ContactForm;
  /** A refused assignment (409: changed meanwhile) reloads the message. */
  onStale: () => void;
  /** While the message is saved or reloaded by the screen (its version is about to change). */
  disabled?: boolean;
}

/**
 * Who owns the message, chosen among the users who may read the inbox (Nobody: unassigned). The
 * choice is saved at once; the new assignee is mailed by the server.
 */
export function AssigneeSelect({ item, onStale, disabled = false }: AssigneeSelectProps) {
  const { data: assignees = [] } = useListAssigneesQuery();
  const [assign, { isLoading }] = useAssignContactFormMutation();
  const notify = useNotify();
  const current = item.assignee?.id ?? '';
  const change = async (value: string) => {
    try {
      const { message } = await assign({
        id: item.id,
        assignee_id: value === '' ? null : Number(value),
        updated_at: item.updated_at,
      }).unwrap();
      notify.success(message);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) onStale();
    }
  };
  // The current assignee stays shown while the list loads (or if they lost the inbox since).
  const options =
    item.assignee && !assignees.some((user) => user.id === item.assignee?.id)
      ? [...assignees, item.assignee]
      : assignees;
  return (
    <TextField
      select
      size="small"
      label={CONTACT_LABELS.assignTo}
      value={String(current)}
      disabled={isLoading || disabled}
      onChange={(event) => void change(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">{CONTACT_LABELS.nobody}</MenuItem>
      {options.map((user) => (
        <MenuItem key={user.id} value={String(user.id)}>
          {user.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
