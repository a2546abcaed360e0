import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../components/layout/RequirePermission';

/** A lazily loaded screen shown only to a user holding `permission` (else the 'No access' page). */
export function guarded(permission: string, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = await load();
      return {
        Component: () => (
          <RequirePermission permission={permission}>
            <Screen />
          </RequirePermission>
        ),
      };
    },
  };
}
