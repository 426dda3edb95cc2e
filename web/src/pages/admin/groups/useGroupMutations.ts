import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { ArchiveGroupDocument, CreateGroupDocument, RestoreGroupDocument, UpdateGroupDocument } from './groups.generated';

/** The lists of groups (current and archived, and the users table's picker) hold the group or no longer do: asked again. */
function dropGroupLists(cache: ApolloCache) {
  cache.evict({ fieldName: 'groups' });
  cache.gc();
}

/** A new group: it sorts into the lists by name, so they are read again. */
export function useCreateGroup() {
  return useMutation(CreateGroupDocument, { update: dropGroupLists });
}

/** A renamed group or a new rule: the answer (with its new count) replaces the cached group. */
export function useUpdateGroup() {
  return useMutation(UpdateGroupDocument);
}

/** Archiving or restoring moves the group between the current and archived lists. */
export function useArchiveGroup() {
  return useMutation(ArchiveGroupDocument, { update: dropGroupLists });
}

export function useRestoreGroup() {
  return useMutation(RestoreGroupDocument, { update: dropGroupLists });
}
