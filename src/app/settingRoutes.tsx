import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { guarded } from './guarded';

const userList = () =>
  import(/* webpackChunkName: "users" */ '../resources/users/UserListScreen').then((m) => m.UserListScreen);
const userForm = () =>
  import(/* webpackChunkName: "user-form" */ '../resources/users/UserFormScreen').then(
    (m) => m.UserFormScreen,
  );
const roleList = () =>
  import(/* webpackChunkName: "roles" */ '../resources/roles/RoleListScreen').then((m) => m.RoleListScreen);
const roleForm = () =>
  import(/* webpackChunkName: "role-form" */ '../resources/roles/RoleFormScreen').then(
    (m) => m.RoleFormScreen,
  );
const company = () =>
  import(/* webpackChunkName: "company" */ '../resources/company/CompanyScreen').then((m) => m.CompanyScreen);

/** The Setting section (spec §2): company settings, users and roles, each behind its permission. */
export const settingRoutes: RouteObject[] = [
  { path: ROUTES.company, ...guarded(PERMISSIONS.settingsShow, company) },
  { path: ROUTES.users, ...guarded(PERMISSIONS.usersIndex, userList) },
  { path: `${ROUTES.users}/add`, ...guarded(PERMISSIONS.usersIndex, userForm) },
  { path: `${ROUTES.users}/:id`, ...guarded(PERMISSIONS.usersIndex, userForm) },
  { path: ROUTES.roles, ...guarded(PERMISSIONS.rolesIndex, roleList) },
  { path: `${ROUTES.roles}/add`, ...guarded(PERMISSIONS.rolesIndex, roleForm) },
  { path: `${ROUTES.roles}/:id`, ...guarded(PERMISSIONS.rolesIndex, roleForm) },
];
