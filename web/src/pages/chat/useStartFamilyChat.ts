import { useMutation } from '@apollo/client/react';
import { StaffChatConversationsDocument, StartFamilyChatDocument } from './staffChat.generated';

/** Opens a family's thread (created if the parent has not used the chat yet); the list is read again to include it. */
export const useStartFamilyChat = () =>
  useMutation(StartFamilyChatDocument, { refetchQueries: [StaffChatConversationsDocument], awaitRefetchQueries: true });
