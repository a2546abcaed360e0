import { listColumns } from '../../components/resource/listColumns';
import { createdColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { rolesResource } from '../../shared/resources/roles';

/** The role list's columns; `field` names match the contract's sortable columns. */
export const roleColumns = listColumns(rolesResource, [
  { field: 'name', headerName: LABELS.name, flex: 1, minWidth: 200 },
  { field: 'users_count', headerName: SETTINGS_MESSAGES.users, type: 'number', width: 120 },
  createdColumn(),
  updatedColumn(),
]);
