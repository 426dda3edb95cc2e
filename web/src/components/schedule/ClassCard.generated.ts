/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type ScheduleClassFragment = {
  startsAt: string;
  endsAt: string;
  capacity: number;
  spotsLeft: number;
  waitlistLength: number;
  bookable: boolean;
  bookingOpensAt: string;
  notes: string;
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  status: Types.ClassStatus;
  blueprint: {
    id: string;
    description: string;
    durationMinutes: number;
    dropInPriceCents: number;
    usesRigPoints: boolean;
    name: string;
    level: number;
    apparatus: { id: string; name: string };
  };
  instructor: { id: string; name: string };
};

export type ClassBookingStateFragment = {
  id: string;
  spotsLeft: number;
  waitlistLength: number;
  rigPoints: Array<{ taken: boolean; rigPoint: { id: string; name: string } }>;
  myBookings: Array<{
    id: string;
    status: Types.BookingStatus;
    source: Types.BookingSource;
    paymentStatus: Types.PaymentStatus;
    holdExpiresAt: string | null;
    attendee: { id: string; firstName: string };
  }>;
  myWaitlistEntries: Array<{
    id: string;
    status: Types.WaitlistStatus;
    position: number | null;
    attendee: { id: string; firstName: string };
  }>;
};

export const ScheduleClassFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ScheduleClass' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ClassInstance' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ClassSummary' } },
          { kind: 'Field', name: { kind: 'Name', value: 'startsAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'endsAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'capacity' } },
          { kind: 'Field', name: { kind: 'Name', value: 'spotsLeft' } },
          { kind: 'Field', name: { kind: 'Name', value: 'waitlistLength' } },
          { kind: 'Field', name: { kind: 'Name', value: 'bookable' } },
          { kind: 'Field', name: { kind: 'Name', value: 'bookingOpensAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'notes' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'blueprint' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'description' } },
                { kind: 'Field', name: { kind: 'Name', value: 'durationMinutes' } },
                { kind: 'Field', name: { kind: 'Name', value: 'dropInPriceCents' } },
                { kind: 'Field', name: { kind: 'Name', value: 'usesRigPoints' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ClassSummary' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ClassInstance' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'date' } },
          { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'endTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'blueprint' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'apparatus' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'instructor' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ScheduleClassFragment, unknown>;
export const ClassBookingStateFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ClassBookingState' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ClassInstance' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'spotsLeft' } },
          { kind: 'Field', name: { kind: 'Name', value: 'waitlistLength' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'rigPoints' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'taken' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'rigPoint' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myBookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'source' } },
                { kind: 'Field', name: { kind: 'Name', value: 'paymentStatus' } },
                { kind: 'Field', name: { kind: 'Name', value: 'holdExpiresAt' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'attendee' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myWaitlistEntries' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'attendee' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ClassBookingStateFragment, unknown>;
