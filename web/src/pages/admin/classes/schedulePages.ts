import type { ApolloCache } from '@apollo/client';

/**
 * The classes and series tables page, sort and filter on the server, so a change that adds, moves or cancels
 * classes drops their cached pages and the page on screen asks again (a series' counts change with its classes):
 * only the server knows where a new or moved row falls.
 */
export function evictSchedulePages(cache: ApolloCache): void {
  cache.evict({ fieldName: 'adminClassInstances' });
  cache.evict({ fieldName: 'adminClassSeries' });
  cache.gc();
}
