import { useMutation } from '@apollo/client/react';
import { RemindMissingWaiversDocument } from './adminWaivers.generated';

/** Emails those still to sign the current version (the answer says how many); nothing shown on the page changes. */
export const useRemindMissingWaivers = () => useMutation(RemindMissingWaiversDocument);
