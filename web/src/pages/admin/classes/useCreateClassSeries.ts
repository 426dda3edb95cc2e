import { useMutation } from '@apollo/client/react';
import { CreateClassSeriesDocument } from './classAdmin.generated';
import { evictSchedulePages } from './schedulePages';

/** Creates a weekly series and its classes; the tables' pages ask again. */
export const useCreateClassSeries = () => useMutation(CreateClassSeriesDocument, { update: evictSchedulePages });
