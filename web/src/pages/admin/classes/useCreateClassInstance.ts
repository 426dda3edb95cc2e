import { useMutation } from '@apollo/client/react';
import { CreateClassInstanceDocument } from './classAdmin.generated';
import { evictSchedulePages } from './schedulePages';

/** Adds a single dated class; the tables' pages ask again (the server places the new row). */
export const useCreateClassInstance = () => useMutation(CreateClassInstanceDocument, { update: evictSchedulePages });
