import { useMutation } from '@apollo/client/react';
import { RequestPasswordResetDocument } from './auth.generated';

/** Asks for a password reset email (nothing cached changes). */
export const useRequestPasswordReset = () => useMutation(RequestPasswordResetDocument);
