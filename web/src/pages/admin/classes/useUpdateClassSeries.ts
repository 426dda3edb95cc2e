import { useMutation } from '@apollo/client/react';
import { UpdateClassSeriesDocument } from './classAdmin.generated';
import { evictSchedulePages } from './schedulePages';

/** Changes a whole series (and its future classes); the tables' pages ask again. */
export const useUpdateClassSeries = () => useMutation(UpdateClassSeriesDocument, { update: evictSchedulePages });
