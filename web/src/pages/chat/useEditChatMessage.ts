import { useMutation } from '@apollo/client/react';
import { EditChatMessageDocument } from './staffChat.generated';

/** Edits an own message (within 5 minutes); the thread replaces it with the answer. */
export const useEditChatMessage = () => useMutation(EditChatMessageDocument);
