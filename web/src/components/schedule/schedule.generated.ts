/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type ClassScheduleQueryVariables = Exact<{
  from: string;
  to: string;
  filter?: Types.ScheduleFilter | null | undefined;
}>;

export type ClassScheduleQuery = {
  classSchedule: Array<{
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
    instructor: { id: string; name: string };
  }>;
};

export type ClassDetailsQueryVariables = Exact<{
  id: string | number;
}>;

export type ClassDetailsQuery = {
  classInstance: {
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
    instructor: { id: string; name: string };
  };
};

export type ScheduleFiltersQueryVariables = Exact<{ [key: string]: never }>;

export type ScheduleFiltersQuery = { apparatuses: Array<{ id: string; name: string }>; instructors: Array<{ id: string; name: string }> };

export type SpotsChangedSubscriptionVariables = Exact<{
  classInstanceIds?: Array<string | number> | string | number | null | undefined;
}>;

export type SpotsChangedSubscription = {
  spotsChanged: {
    classInstanceId: string;
    spotsLeft: number;
    waitlistLength: number;
    status: Types.ClassStatus;
    takenRigPointIds: Array<string>;
  };
};

export const ClassScheduleDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ClassSchedule' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'from' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'to' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'filter' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'ScheduleFilter' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'classSchedule' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'from' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'from' } },
              },
              { kind: 'Argument', name: { kind: 'Name', value: 'to' }, value: { kind: 'Variable', name: { kind: 'Name', value: 'to' } } },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'filter' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'filter' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ScheduleClass' } },
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ClassBookingState' } },
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
} as unknown as DocumentNode<ClassScheduleQuery, ClassScheduleQueryVariables>;
export const ClassDetailsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ClassDetails' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'classInstance' },
            arguments: [
              { kind: 'Argument', name: { kind: 'Name', value: 'id' }, value: { kind: 'Variable', name: { kind: 'Name', value: 'id' } } },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ScheduleClass' } },
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ClassBookingState' } },
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
} as unknown as DocumentNode<ClassDetailsQuery, ClassDetailsQueryVariables>;
export const ScheduleFiltersDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ScheduleFilters' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'apparatuses' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'instructors' },
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
} as unknown as DocumentNode<ScheduleFiltersQuery, ScheduleFiltersQueryVariables>;
export const SpotsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'SpotsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceIds' } },
          type: { kind: 'ListType', type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'spotsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'classInstanceIds' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceIds' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'classInstanceId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'spotsLeft' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waitlistLength' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'takenRigPointIds' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SpotsChangedSubscription, SpotsChangedSubscriptionVariables>;
