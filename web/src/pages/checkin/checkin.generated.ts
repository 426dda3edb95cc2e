/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type KioskClassesQueryVariables = Exact<{ [key: string]: never }>;

export type KioskClassesQuery = {
  kioskClasses: Array<{
    id: string;
    date: string;
    startTime: string;
    endTime: string;
    status: Types.ClassStatus;
    blueprint: { id: string; name: string; level: number; apparatus: { id: string; name: string } };
    instructor: { id: string; name: string };
  }>;
};

export type KioskSessionFragment = {
  token: string;
  firstName: string;
  bookings: Array<{
    bookingId: string;
    attendeeFirstName: string;
    className: string;
    apparatusName: string;
    startTime: string;
    checkedIn: boolean;
  }>;
};

export type KioskSignInMutationVariables = Exact<{
  username: string;
  pin: string;
}>;

export type KioskSignInMutation = {
  kioskSignIn: {
    token: string;
    firstName: string;
    bookings: Array<{
      bookingId: string;
      attendeeFirstName: string;
      className: string;
      apparatusName: string;
      startTime: string;
      checkedIn: boolean;
    }>;
  };
};

export type KioskSignInWithCodeMutationVariables = Exact<{
  code: string;
}>;

export type KioskSignInWithCodeMutation = {
  kioskSignInWithCode: {
    token: string;
    firstName: string;
    bookings: Array<{
      bookingId: string;
      attendeeFirstName: string;
      className: string;
      apparatusName: string;
      startTime: string;
      checkedIn: boolean;
    }>;
  };
};

export type KioskCheckInMutationVariables = Exact<{
  token: string;
  bookingIds: Array<string | number> | string | number;
}>;

export type KioskCheckInMutation = {
  kioskCheckIn: {
    token: string;
    firstName: string;
    bookings: Array<{
      bookingId: string;
      attendeeFirstName: string;
      className: string;
      apparatusName: string;
      startTime: string;
      checkedIn: boolean;
    }>;
  };
};

export type KioskScreenQueryVariables = Exact<{
  deviceToken: string;
}>;

export type KioskScreenQuery = { kioskScreen: { setUpBy: string; expiresAt: string } | null };

export type SetUpKioskScreenMutationVariables = Exact<{ [key: string]: never }>;

export type SetUpKioskScreenMutation = { setUpKioskScreen: { deviceToken: string; setUpBy: string; expiresAt: string } };

export type KioskEntryFragment = {
  bookingId: string;
  name: string;
  className: string;
  startTime: string;
  checkedIn: boolean;
  needsPin: boolean;
};

export type KioskFindQueryVariables = Exact<{
  deviceToken: string;
  letters: string;
}>;

export type KioskFindQuery = {
  kioskFind: Array<{ bookingId: string; name: string; className: string; startTime: string; checkedIn: boolean; needsPin: boolean }>;
};

export type KioskRosterQueryVariables = Exact<{
  deviceToken: string;
  classInstanceId: string | number;
}>;

export type KioskRosterQuery = {
  kioskRoster: Array<{ bookingId: string; name: string; className: string; startTime: string; checkedIn: boolean; needsPin: boolean }>;
};

export type KioskTapInMutationVariables = Exact<{
  deviceToken: string;
  bookingId: string | number;
  pin?: string | null | undefined;
}>;

export type KioskTapInMutation = {
  kioskTapIn: {
    token: string;
    firstName: string;
    bookings: Array<{
      bookingId: string;
      attendeeFirstName: string;
      className: string;
      apparatusName: string;
      startTime: string;
      checkedIn: boolean;
    }>;
  };
};

export const KioskSessionFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskSession' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskSessionPayload' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'token' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'bookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'attendeeFirstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'className' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
                { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskSessionFragment, unknown>;
export const KioskEntryFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskEntry' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskEntry' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'name' } },
          { kind: 'Field', name: { kind: 'Name', value: 'className' } },
          { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
          { kind: 'Field', name: { kind: 'Name', value: 'needsPin' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskEntryFragment, unknown>;
export const KioskClassesDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'KioskClasses' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskClasses' },
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
} as unknown as DocumentNode<KioskClassesQuery, KioskClassesQueryVariables>;
export const KioskSignInDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'KioskSignIn' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'username' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'pin' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskSignIn' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'username' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'username' } },
              },
              { kind: 'Argument', name: { kind: 'Name', value: 'pin' }, value: { kind: 'Variable', name: { kind: 'Name', value: 'pin' } } },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskSession' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskSession' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskSessionPayload' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'token' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'bookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'attendeeFirstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'className' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
                { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskSignInMutation, KioskSignInMutationVariables>;
export const KioskSignInWithCodeDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'KioskSignInWithCode' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'code' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskSignInWithCode' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'code' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'code' } },
              },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskSession' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskSession' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskSessionPayload' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'token' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'bookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'attendeeFirstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'className' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
                { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskSignInWithCodeMutation, KioskSignInWithCodeMutationVariables>;
export const KioskCheckInDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'KioskCheckIn' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'token' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'bookingIds' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'ListType', type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } } },
          },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskCheckIn' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'token' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'token' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'bookingIds' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'bookingIds' } },
              },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskSession' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskSession' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskSessionPayload' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'token' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'bookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'attendeeFirstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'className' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
                { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskCheckInMutation, KioskCheckInMutationVariables>;
export const KioskScreenDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'KioskScreen' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskScreen' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'deviceToken' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'setUpBy' } },
                { kind: 'Field', name: { kind: 'Name', value: 'expiresAt' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskScreenQuery, KioskScreenQueryVariables>;
export const SetUpKioskScreenDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'SetUpKioskScreen' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'setUpKioskScreen' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'deviceToken' } },
                { kind: 'Field', name: { kind: 'Name', value: 'setUpBy' } },
                { kind: 'Field', name: { kind: 'Name', value: 'expiresAt' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SetUpKioskScreenMutation, SetUpKioskScreenMutationVariables>;
export const KioskFindDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'KioskFind' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'letters' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskFind' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'deviceToken' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'letters' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'letters' } },
              },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskEntry' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskEntry' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskEntry' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'name' } },
          { kind: 'Field', name: { kind: 'Name', value: 'className' } },
          { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
          { kind: 'Field', name: { kind: 'Name', value: 'needsPin' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskFindQuery, KioskFindQueryVariables>;
export const KioskRosterDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'KioskRoster' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
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
            name: { kind: 'Name', value: 'kioskRoster' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'deviceToken' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'classInstanceId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'classInstanceId' } },
              },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskEntry' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskEntry' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskEntry' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'name' } },
          { kind: 'Field', name: { kind: 'Name', value: 'className' } },
          { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
          { kind: 'Field', name: { kind: 'Name', value: 'needsPin' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskRosterQuery, KioskRosterQueryVariables>;
export const KioskTapInDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'KioskTapIn' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'bookingId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'pin' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'kioskTapIn' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'deviceToken' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'deviceToken' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'bookingId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'bookingId' } },
              },
              { kind: 'Argument', name: { kind: 'Name', value: 'pin' }, value: { kind: 'Variable', name: { kind: 'Name', value: 'pin' } } },
            ],
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'KioskSession' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'KioskSession' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'KioskSessionPayload' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'token' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'bookings' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'bookingId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'attendeeFirstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'className' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'startTime' } },
                { kind: 'Field', name: { kind: 'Name', value: 'checkedIn' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KioskTapInMutation, KioskTapInMutationVariables>;
