import type { ListParams, ResourceContract } from '../../shared/resources/resource';
import { listParamsFor } from './useListState';

/**
 * What a list route needs to ask for its rows before its screen is drawn (issue #15): the slice's
 * list endpoint and the request a URL's query names (as the list page will send it). Each list
 * resource exports one from a small module of its own (`src/resources/<key>/<key>Rows.ts`) that
 * its route loads beside the screen's chunk.
 */
export interface ListRows {
  endpoint: {
    name: string;
    initiate: (params: ListParams, options: { subscribe: false }) => (...thunkArgs: never[]) => unknown;
  };
  params: (searchParams: URLSearchParams) => ListParams;
}

export const listRows = (contract: ResourceContract, endpoint: ListRows['endpoint']): ListRows => ({
  endpoint,
  params: (searchParams) => listParamsFor(contract, searchParams),
});
