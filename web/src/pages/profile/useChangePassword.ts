import { useMutation } from '@apollo/client/react';
import { ChangePasswordDocument } from './profile.generated';

/**
 * Changes the password; the page keeps the fresh token it answers (useAuth().replaceToken). The other devices are
 * signed out, so the cached device list goes and is fetched again where it is shown.
 */
export const useChangePassword = () =>
  useMutation(ChangePasswordDocument, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'mySessions' });
      cache.gc();
    },
  });
