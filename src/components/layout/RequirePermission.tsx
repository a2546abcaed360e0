import type { ReactNode } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { holdsRule, type PermissionRule } from '../../shared/permissions';
import { NoAccessPage } from '../feedback/MessagePage';

export interface RequirePermissionProps {
  /**
   * What the content needs: a permission key (PERMISSIONS.brandsIndex), every key of a list, or
   * any one key of `{ anyOf }` (the publishing calendar).
   */
  permission: PermissionRule;
  children: ReactNode;
}

/** Renders `children` only for a user satisfying `permission`; otherwise the 'No access' page. */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const { user } = useAuth();
  return holdsRule(user?.permissions, permission) ? children : <NoAccessPage />;
}
