import { useMutation } from '@apollo/client/react';
import { SubmitFeedbackDocument } from './feedback.generated';

/**
 * Sends feedback to the studio. It is posted into the staff chat's Feedback thread too, so the staff chat's
 * conversations and unread total are read again (those queries that are on screen; nothing is fetched otherwise).
 */
export const useSubmitFeedback = () =>
  useMutation(SubmitFeedbackDocument, { refetchQueries: ['StaffChatConversations', 'ChatUnreadTotal'] });
