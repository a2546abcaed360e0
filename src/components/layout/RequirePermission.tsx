import type { ReactNode } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { hasPermission } from '../../shared/permissions';
import { NoAccessPage } from '../feedback/MessagePage';

export interface RequirePermissionProps {
  /** The permission key the content needs, e.g. PERMISSIONS.brandsIndex. */
  permission: string;
  children: ReactNode;
}

/** Renders `children` only for a user holding `permission`; otherwise the 'No access' page. */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const { user } = useAuth();
  return hasPermission(user?.permissions, permission) ? children : <NoAccessPage />;
}
