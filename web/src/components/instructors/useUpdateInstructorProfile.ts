import { useMutation } from '@apollo/client/react';
import { UpdateInstructorProfileDocument } from './instructorProfile.generated';

/** Saves an instructor's bio and apparatus; the answer is the person (normalised), so every card showing them updates. */
export const useUpdateInstructorProfile = () => useMutation(UpdateInstructorProfileDocument);
