import { useMutation } from '@apollo/client/react';
import { SendChatMessageDocument } from './staffChat.generated';

/** Sends a message; the thread adds the answer (and ignores the same message arriving live). */
export const useSendChatMessage = () => useMutation(SendChatMessageDocument);
