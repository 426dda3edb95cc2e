import { useMutation } from '@apollo/client/react';
import { UpdateHealthDetailsDocument } from './health.generated';

/** Saves a person's health details; the answer replaces `health` on the cached person. */
export const useUpdateHealthDetails = () => useMutation(UpdateHealthDetailsDocument);
