import { useMutation } from '@apollo/client/react';
import { RegisterDocument } from './auth.generated';

/** Creates an account; the page starts the session with the answer (useAuth().signIn). */
export const useRegister = () => useMutation(RegisterDocument);
