import { useMutation } from '@apollo/client/react';
import { DeleteChatMessageDocument } from './staffChat.generated';

/** Deletes a message (own within 5 minutes, any as an admin); the thread shows the trace it answers. */
export const useDeleteChatMessage = () => useMutation(DeleteChatMessageDocument);
