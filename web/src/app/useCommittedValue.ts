import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * `value` as the screen last committed it, for hooks that act on it while rendering. Apollo's `useQuery` does: when
 * its variables change it re-points its one query (and asks the server) during the render, not after the commit.
 * The router moves the address in a transition, so until that commits the page may render twice over, the new
 * address at transition priority and the old one for any urgent update in between (the answer to the query itself
 * is one): each such render re-pointed the query, and with `cache-and-network` each flip was a request, e.g. next
 * week, this week, next week. Here a change reaches the query once, right after it is committed (before the browser
 * paints: the layout effect's update renders at once).
 */
export function useCommittedValue<T>(value: T): T {
  const [committed, setCommitted] = useState(value);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the point: the value moves only once it is on screen
  useLayoutEffect(() => setCommitted(value), [value]);
  return committed;
}

/**
 * The address's search parameters as last committed (see above), with the router's setter: for pages whose queries
 * take their variables from the address. The whole page reads the committed address, so what it shows and what it
 * asks for always agree; the move still lands before the browser paints.
 */
export function useCommittedSearchParams(): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  return [useCommittedValue(params), setParams];
}
