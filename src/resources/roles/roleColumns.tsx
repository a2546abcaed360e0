import type { GridColDef } from '@mui/x-data-grid';
import { createdColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import type { Role } from '../../shared/resources/roles';

/** The role list's columns; `field` names match the contract's sortable columns. */
export const roleColumns: GridColDef<Role>[] = [
  { field: 'name', headerName: LABELS.name, flex: 1, minWidth: 200 },
  { field: 'users_count', headerName: SETTINGS_MESSAGES.users, type: 'number', width: 120 },
  createdColumn(),
];
