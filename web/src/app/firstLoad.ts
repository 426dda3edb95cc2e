import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { FirstLoadDocument, type FirstLoadQuery } from './firstLoad.generated';
import { hasStoredToken } from './storage';

/**
 * The `<script type="application/json">` in which the server hands the page the answer to the FirstLoad query
 * (api/src/http/first-load.ts). A data block, not a script: the Content-Security-Policy allows no inline scripts.
 */
export const FIRST_LOAD_ELEMENT_ID = 'studio-first-load';

/**
 * Starts the cache from the answer the page carries, so the theme and the landing page render at once instead of
 * after a round trip. A page without it (`npm run dev`, or the database did not answer in time) asks the server as
 * before. Returns whether the cache was filled.
 */
export function hydrateFirstLoad(client: ApolloClient, page: Document = document): boolean {
  const text = page.getElementById(FIRST_LOAD_ELEMENT_ID)?.textContent;
  if (!text) return false;
  try {
    client.writeQuery({ query: FirstLoadDocument, data: JSON.parse(text) as FirstLoadQuery });
    return true;
  } catch (error) {
    console.warn('The data in the page could not be read; asking the server instead.', error);
    return false;
  }
}

/** The data block with the answer to the route's own first query (the calendar's week), when the page has one. */
export const ROUTE_DATA_ELEMENT_ID = 'studio-route-data';

/** Variables compared as values: key order and absent (undefined) entries do not matter. */
function sameVariables(a: object, b: object): boolean {
  const canonical = (v: object) =>
    JSON.stringify(
      Object.entries(v)
        .filter(([, value]) => value !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return canonical(a) === canonical(b);
}

/**
 * Fills the cache with the answer to the route's first query that the server put in the page, if it is for these
 * variables (the API computes the ones an address without parameters starts from). Taken once, on the first load
 * only, and only by a visitor who is not signed in: the server answered as an anonymous visitor. Returns whether the
 * cache was filled; if not, the route asks the server as before.
 */
export function takeRouteData<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  page: Document = document,
): boolean {
  const element = page.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  if (hasStoredToken()) return false;
  try {
    const answer = JSON.parse(element.textContent ?? '') as { variables: object; data: TData };
    if (!sameVariables(answer.variables, variables)) return false;
    client.writeQuery({ query, variables, data: answer.data } as ApolloClient.WriteQueryOptions<TData, TVariables>);
    return true;
  } catch (error) {
    console.warn('The route data in the page could not be read; asking the server instead.', error);
    return false;
  }
}
