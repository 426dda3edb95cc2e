import { useMutation } from '@apollo/client/react';
import { ResetPasswordDocument } from './auth.generated';

/** Sets a new password with a reset token (nothing cached changes). */
export const useResetPassword = () => useMutation(ResetPasswordDocument);
