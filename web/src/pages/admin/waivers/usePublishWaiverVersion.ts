import { useMutation } from '@apollo/client/react';
import { AdminWaiverVersionsDocument, PublishWaiverVersionDocument } from './adminWaivers.generated';

/** Publishes a new waiver version: it goes to the top of the versions list; the current waiver and who stands where are asked again. */
export function usePublishWaiverVersion() {
  return useMutation(PublishWaiverVersionDocument, {
    update(cache, { data }) {
      const published = data?.publishWaiverVersion;
      if (!published) return;
      cache.updateQuery({ query: AdminWaiverVersionsDocument }, (list) =>
        list ? { waiverVersions: [published, ...list.waiverVersions.filter((v) => v.id !== published.id)] } : list,
      );
      cache.evict({ fieldName: 'waiverDocument' });
      cache.evict({ fieldName: 'waiverStatuses' });
      cache.evict({ fieldName: 'usersWithoutWaiver' });
      cache.gc();
    },
  });
}
