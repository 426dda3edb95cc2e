import { useMutation } from '@apollo/client/react';
import { UpdateClassInstanceDocument } from './classAdmin.generated';

/** Changes a class (or it and the following ones of its series); the changed row comes back and replaces the cached one. */
export const useUpdateClassInstance = () => useMutation(UpdateClassInstanceDocument);
