import { useMutation } from '@apollo/client/react';
import { SubmitFeedbackDocument } from './feedback.generated';

/** Sends feedback to the studio (nothing cached changes). */
export const useSubmitFeedback = () => useMutation(SubmitFeedbackDocument);
