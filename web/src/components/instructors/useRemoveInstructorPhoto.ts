import { useMutation } from '@apollo/client/react';
import { RemoveInstructorPhotoDocument } from './instructorProfile.generated';

/** Removes an instructor's photo; the answer (id, photoUrl: null) puts the initials back wherever they are shown. */
export const useRemoveInstructorPhoto = () => useMutation(RemoveInstructorPhotoDocument);
