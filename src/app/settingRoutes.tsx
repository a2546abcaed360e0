import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { guarded, listAndFormRoutes } from './guarded';

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
  ...listAndFormRoutes(ROUTES.users, PERMISSIONS.usersIndex, userList, userForm),
  ...listAndFormRoutes(ROUTES.roles, PERMISSIONS.rolesIndex, roleList, roleForm),
];
