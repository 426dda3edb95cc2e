import type { ApolloClient } from '@apollo/client';
import { FirstLoadDocument, type FirstLoadQuery } from './firstLoad.generated';

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
