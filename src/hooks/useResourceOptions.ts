import { useMemo } from 'react';
import { declareTags, useListOptionsQuery } from '../../store/resourceApi';
import { useAuth } from '../auth/AuthContext';
import { canReadOptions, type OptionItem, type OptionsSource } from '../shared/resources/resource';

export interface ResourceOptions {
  /** Whether the user may read them: the group's index key or any key of a reader group. */
  allowed: boolean;
  /** Every item by name; undefined while they load (or when not allowed). */
  options: OptionItem[] | undefined;
}

/**
 * The options (`GET /api/<group>/options`) of several resources at once, by group, for a list's
 * filters or a form's selects. A source the user may not read (the same key list the server's
 * guard checks) is not asked for, and its entry is absent.
 */
export function useOptionsOf(sources: readonly OptionsSource[]): {
  allowed: (source: OptionsSource) => boolean;
  options: (source: OptionsSource) => OptionItem[] | undefined;
} {
  const held = useAuth().user?.permissions;
  const readable = useMemo(
    () =>
      sources
        .filter((source) => canReadOptions(held, source))
        .map(({ group, tag }) => ({ group, tag }))
        // One cache entry for the same sources in any order.
        .sort((a, b) => a.group.localeCompare(b.group)),
    [sources, held],
  );
  declareTags(readable.map((source) => source.tag));
  const { data } = useListOptionsQuery(readable, { skip: readable.length === 0 });
  return useMemo(
    () => ({
      allowed: (source: OptionsSource) => readable.some(({ group }) => group === source.group),
      options: (source: OptionsSource) => data?.[source.group],
    }),
    [readable, data],
  );
}

/** The options of one resource (a form's select of brands, roles). */
export function useResourceOptions(source: OptionsSource): ResourceOptions {
  const sources = useMemo(() => [source], [source]);
  const { allowed, options } = useOptionsOf(sources);
  return { allowed: allowed(source), options: allowed(source) ? options(source) : undefined };
}
