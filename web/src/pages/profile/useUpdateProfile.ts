import { useMutation } from '@apollo/client/react';
import { UpdateProfileDocument } from './profile.generated';

/** Saves the member's details; the answer replaces the cached session user. */
export const useUpdateProfile = () => useMutation(UpdateProfileDocument);
