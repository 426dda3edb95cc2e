import { useMutation } from '@apollo/client/react';
import { ChangePasswordDocument } from './profile.generated';

/** Changes the password; the page keeps the fresh token it answers (useAuth().replaceToken). */
export const useChangePassword = () => useMutation(ChangePasswordDocument);
