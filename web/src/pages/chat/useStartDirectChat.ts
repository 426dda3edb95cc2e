import { useMutation } from '@apollo/client/react';
import { StaffChatConversationsDocument, StartDirectChatDocument } from './staffChat.generated';

/** Opens (or finds) a direct conversation with a staff member; the list is read again to include it. */
export const useStartDirectChat = () =>
  useMutation(StartDirectChatDocument, { refetchQueries: [StaffChatConversationsDocument], awaitRefetchQueries: true });
