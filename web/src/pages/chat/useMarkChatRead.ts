import { useMutation } from '@apollo/client/react';
import { MarkChatReadDocument, StaffChatConversationsDocument } from './staffChat.generated';

/** Marks a conversation read up to a message; its unread badge and the total drop to what the server counts. */
export const useMarkChatRead = () => useMutation(MarkChatReadDocument, { refetchQueries: [StaffChatConversationsDocument] });
