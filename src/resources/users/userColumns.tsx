import { listColumns } from '../../components/resource/listColumns';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../components/data/UserAvatar';
import { createdColumn, statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { usersResource } from '../../shared/resources/users';

/** The user list's columns; `field` names match the contract's sortable columns. */
export const userColumns = listColumns(usersResource, [
  {
    field: 'name',
    headerName: LABELS.name,
    flex: 1.4,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ height: '100%', minWidth: 0 }}>
        <UserAvatar name={row.name} photo={row.photo} size={32} decorative />
        <Typography variant="body2" noWrap>
          {row.name}
        </Typography>
      </Stack>
    ),
  },
  { field: 'email', headerName: LABELS.email, flex: 1.4, minWidth: 200 },
  { field: 'phone_number', headerName: LABELS.phoneNumber, flex: 1, minWidth: 140, sortable: false },
  {
    field: 'role',
    headerName: LABELS.role,
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => row.role?.name ?? '',
  },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
