import { useMutation } from '@apollo/client/react';
import { CancelClassInstanceDocument } from './classAdmin.generated';

/** Cancels a class with a reason; the cancelled row comes back and replaces the cached one. */
export const useCancelClassInstance = () => useMutation(CancelClassInstanceDocument);
