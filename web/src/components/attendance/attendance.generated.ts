/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type RosterBookingFragment = {
  id: string;
  status: Types.BookingStatus;
  attendance: string;
  checkedInAt: string | null;
  lateCancel: boolean;
  source: Types.BookingSource;
  paymentStatus: Types.PaymentStatus;
  attendee: { id: string; firstName: string; lastName: string; age: number; isMinor: boolean; waiverSigned: boolean };
};

export type ClassRosterQueryVariables = Exact<{
  classInstanceId: string | number;
}>;

export type ClassRosterQuery = {
  classRoster: Array<{
    id: string;
    status: Types.BookingStatus;
    attendance: string;
    checkedInAt: string | null;
    lateCancel: boolean;
    source: Types.BookingSource;
    paymentStatus: Types.PaymentStatus;
    attendee: { id: string; firstName: string; lastName: string; age: number; isMinor: boolean; waiverSigned: boolean };
  }>;
};

export type MarkAttendanceMutationVariables = Exact<{
  bookingId: string | number;
  present: boolean;
}>;

export type MarkAttendanceMutation = {
  markAttendance: {
    id: string;
    status: Types.BookingStatus;
    attendance: string;
    checkedInAt: string | null;
    lateCancel: boolean;
    source: Types.BookingSource;
    paymentStatus: Types.PaymentStatus;
    attendee: { id: string; firstName: string; lastName: string; age: number; isMinor: boolean; waiverSigned: boolean };
  };
};

export type StaffBookAttendeeMutationVariables = Exact<{
  classInstanceId: string | number;
  attendeeId: string | number;
  walkIn: boolean;
  overCapacity: boolean;
}>;

export type StaffBookAttendeeMutation = {
  staffBookAttendee: {
    id: string;
    status: Types.BookingStatus;
    attendance: string;
    checkedInAt: string | null;
    lateCancel: boolean;
    source: Types.BookingSource;
    paymentStatus: Types.PaymentStatus;
    classInstance: { id: string; spotsTaken: number; spotsLeft: number; waitlistLength: number };
    attendee: { id: string; firstName: string; lastName: string; age: number; isMinor: boolean; waiverSigned: boolean };
  };
};

export type FindAttendeesQueryVariables = Exact<{
  search: string;
}>;

export type FindAttendeesQuery = {
  findAttendees: Array<{
    id: string;
    firstName: string;
    lastName: string;
    age: number;
    isMinor: boolean;
    waiverSigned: boolean;
    guardian: { id: string; name: string } | null;
  }>;
};

export type HistoryBookingFragment = {
  id: string;
  status: Types.BookingStatus;
  attendance: string;
  checkedInAt: string | null;
  lateCancel: boolean;
  source: Types.BookingSource;
  classInstance: {
    id: string;
    date: string;
    startTime: string;
    endTime: string;
    status: Types.ClassStatus;
    blueprint: { id: string; name: string; level: number; apparatus: { id: string; name: string } };
    instructor: { id: string; name: string };
  };
};

export type AttendanceHistoryQueryVariables = Exact<{
  userId: string | number;
  page: number;
  pageSize: number;
}>;

export type AttendanceHistoryQuery = {
  attendanceHistory: {
    total: number;
    page: number;
    pageSize: number;
    items: Array<{
      id: string;
      status: Types.BookingStatus;
      attendance: string;
      checkedInAt: string | null;
      lateCancel: boolean;
      source: Types.BookingSource;
      classInstance: {
        id: string;
        date: string;
        startTime: string;
        endTime: string;
        status: Types.ClassStatus;
        blueprint: { id: string; name: string; level: number; apparatus: { id: string; name: string } };
        instructor: { id: string; name: string };
      };
    }>;
  };
};

export const RosterBookingFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'RosterBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          { kind: 'Field', name: { kind: 'Name', value: 'paymentStatus' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'attendee' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'age' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RosterBookingFragment, unknown>;
export const HistoryBookingFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'HistoryBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'classInstance' },
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'ClassSummary' } }] },
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
} as unknown as DocumentNode<HistoryBookingFragment, unknown>;
export const ClassRosterDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ClassRoster' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'classRoster' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'classInstanceId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceId' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'RosterBooking' } }],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'RosterBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          { kind: 'Field', name: { kind: 'Name', value: 'paymentStatus' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'attendee' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'age' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ClassRosterQuery, ClassRosterQueryVariables>;
export const MarkAttendanceDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'MarkAttendance' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'bookingId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'present' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'Boolean' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'markAttendance' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'bookingId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'bookingId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'present' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'present' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'RosterBooking' } }],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'RosterBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          { kind: 'Field', name: { kind: 'Name', value: 'paymentStatus' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'attendee' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'age' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MarkAttendanceMutation, MarkAttendanceMutationVariables>;
export const StaffBookAttendeeDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'StaffBookAttendee' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'attendeeId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'walkIn' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'Boolean' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'overCapacity' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'Boolean' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'staffBookAttendee' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'classInstanceId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'attendeeId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'attendeeId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'walkIn' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'walkIn' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'overCapacity' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'overCapacity' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'RosterBooking' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'classInstance' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'spotsTaken' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'spotsLeft' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'waitlistLength' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'RosterBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          { kind: 'Field', name: { kind: 'Name', value: 'paymentStatus' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'attendee' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'age' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<StaffBookAttendeeMutation, StaffBookAttendeeMutationVariables>;
export const FindAttendeesDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'FindAttendees' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'search' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'findAttendees' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'search' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'search' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'age' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'guardian' },
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
      },
    },
  ],
} as unknown as DocumentNode<FindAttendeesQuery, FindAttendeesQueryVariables>;
export const AttendanceHistoryDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'AttendanceHistory' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'userId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'page' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'pageSize' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'attendanceHistory' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'userId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'userId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'page' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'page' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'pageSize' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'pageSize' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'total' } },
                { kind: 'Field', name: { kind: 'Name', value: 'page' } },
                { kind: 'Field', name: { kind: 'Name', value: 'pageSize' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'items' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'HistoryBooking' } }],
                  },
                },
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
      name: { kind: 'Name', value: 'HistoryBooking' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'Booking' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'attendance' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedInAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lateCancel' } },
          { kind: 'Field', name: { kind: 'Name', value: 'source' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'classInstance' },
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'ClassSummary' } }] },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AttendanceHistoryQuery, AttendanceHistoryQueryVariables>;
