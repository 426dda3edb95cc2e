import { useMutation } from '@apollo/client/react';
import { UpdateLandingPageConfigDocument } from './landingCustomization.generated';

/** Saves the landing page; the one cached configuration (and the theme's colours) take the saved values. */
export const useUpdateLandingPageConfig = () => useMutation(UpdateLandingPageConfigDocument);
