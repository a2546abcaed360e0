import { useAuth } from '../auth/AuthContext';
import { canReadOptions, type OptionItem, type ResourceContract } from '../shared/resources/resource';

export interface ResourceOptions {
  /** Whether the user may read them: the group's index key or any key of a reader group. */
  allowed: boolean;
  /** Every item by name; undefined while they load (or when not allowed). */
  options: OptionItem[] | undefined;
}

/** A slice's `useList<Item>OptionsQuery` (store/resourceApi.ts `optionsEndpoint`). */
export type OptionsQueryHook = (arg: void, options: { skip: boolean }) => { data?: OptionItem[] };

/**
 * The options of `contract` (`GET /api/<group>/options`) for a select or list filter of another
 * resource. Not asked for when the user may not read them, with the same key list the server's
 * guard checks.
 */
export function useResourceOptions(
  contract: Pick<ResourceContract, 'group' | 'options'>,
  useOptionsQuery: OptionsQueryHook,
): ResourceOptions {
  const allowed = canReadOptions(useAuth().user?.permissions, contract);
  const { data } = useOptionsQuery(undefined, { skip: !allowed });
  return { allowed, options: allowed ? data : undefined };
}
