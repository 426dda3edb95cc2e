import { useMutation } from '@apollo/client/react';
import { CancelClassSeriesDocument } from './classAdmin.generated';
import { evictSchedulePages } from './schedulePages';

/** Cancels a series and its future classes; the tables' pages ask again. */
export const useCancelClassSeries = () => useMutation(CancelClassSeriesDocument, { update: evictSchedulePages });
