import type { ReactNode } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { hasPermission } from '../../shared/permissions';
import { NoAccessPage } from '../feedback/MessagePage';

export interface RequirePermissionProps {
  /** The permission key the content needs, e.g. PERMISSIONS.brandsIndex, or every key of a list. */
  permission: string | readonly string[];
  children: ReactNode;
}

/** Renders `children` only for a user holding `permission` (each of them); otherwise the 'No access' page. */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const { user } = useAuth();
  const keys: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return keys.every((key) => hasPermission(user?.permissions, key)) ? children : <NoAccessPage />;
}
