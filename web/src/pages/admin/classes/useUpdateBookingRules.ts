import { useMutation } from '@apollo/client/react';
import { BookingRulesDocument, UpdateBookingRulesDocument } from './classAdmin.generated';

/** Saves the studio's booking rules; the settings have no id, so the saved values go where the query reads them. */
export function useUpdateBookingRules() {
  return useMutation(UpdateBookingRulesDocument, {
    update(cache, { data: saved }) {
      if (saved) cache.writeQuery({ query: BookingRulesDocument, data: { studioSettings: saved.updateStudioSettings } });
    },
  });
}
