/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type StudentMoveCellFragment = {
  state: Types.MoveState;
  refresh: boolean;
  cleanDays: number;
  cleanReps: number;
  signedOffAt: string | null;
  prerequisitesMet: boolean;
  signOffRequested: boolean;
  sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
  move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
};

export type StudentMovesViewFragment = {
  studentId: string;
  studentName: string;
  apparatus: Array<{
    level: number;
    learnNext: Array<string>;
    apparatus: { id: string; name: string };
    nextLevel: { number: number; name: string; required: number; signedOff: number } | null;
    moves: Array<{
      state: Types.MoveState;
      refresh: boolean;
      cleanDays: number;
      cleanReps: number;
      signedOffAt: string | null;
      prerequisitesMet: boolean;
      signOffRequested: boolean;
      sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
      move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
    }>;
  }>;
  history: Array<{
    id: string;
    moveName: string;
    apparatusName: string;
    kind: Types.MoveChangeKind;
    side: Types.MoveSide;
    fromState: Types.MoveState | null;
    toState: Types.MoveState | null;
    cleanReps: number | null;
    note: string;
    byName: string;
    at: string;
  }>;
};

export type MyMovesQueryVariables = Exact<{
  studentId?: string | number | null | undefined;
}>;

export type MyMovesQuery = {
  studentMoves: {
    studentId: string;
    studentName: string;
    apparatus: Array<{
      level: number;
      learnNext: Array<string>;
      apparatus: { id: string; name: string };
      nextLevel: { number: number; name: string; required: number; signedOff: number } | null;
      moves: Array<{
        state: Types.MoveState;
        refresh: boolean;
        cleanDays: number;
        cleanReps: number;
        signedOffAt: string | null;
        prerequisitesMet: boolean;
        signOffRequested: boolean;
        sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
        move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
      }>;
    }>;
    history: Array<{
      id: string;
      moveName: string;
      apparatusName: string;
      kind: Types.MoveChangeKind;
      side: Types.MoveSide;
      fromState: Types.MoveState | null;
      toState: Types.MoveState | null;
      cleanReps: number | null;
      note: string;
      byName: string;
      at: string;
    }>;
  };
  profile: { id: string; familyMembers: Array<{ id: string; firstName: string; lastName: string }> };
};

export type MyMovesChangedSubscriptionVariables = Exact<{
  studentId?: string | number | null | undefined;
}>;

export type MyMovesChangedSubscription = {
  studentMovesChanged: {
    studentId: string;
    studentName: string;
    apparatus: Array<{
      level: number;
      learnNext: Array<string>;
      apparatus: { id: string; name: string };
      nextLevel: { number: number; name: string; required: number; signedOff: number } | null;
      moves: Array<{
        state: Types.MoveState;
        refresh: boolean;
        cleanDays: number;
        cleanReps: number;
        signedOffAt: string | null;
        prerequisitesMet: boolean;
        signOffRequested: boolean;
        sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
        move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
      }>;
    }>;
    history: Array<{
      id: string;
      moveName: string;
      apparatusName: string;
      kind: Types.MoveChangeKind;
      side: Types.MoveSide;
      fromState: Types.MoveState | null;
      toState: Types.MoveState | null;
      cleanReps: number | null;
      note: string;
      byName: string;
      at: string;
    }>;
  };
};

export type SetMyMoveStateMutationVariables = Exact<{
  input: Types.MoveStateInput;
}>;

export type SetMyMoveStateMutation = {
  setMoveState: {
    entry: { id: string } | null;
    move: {
      state: Types.MoveState;
      refresh: boolean;
      cleanDays: number;
      cleanReps: number;
      signedOffAt: string | null;
      prerequisitesMet: boolean;
      signOffRequested: boolean;
      sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
      move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
    };
  };
};

export type RequestMoveSignOffMutationVariables = Exact<{
  studentId: string | number;
  moveId: string | number;
  note: string;
}>;

export type RequestMoveSignOffMutation = {
  requestMoveSignOff: {
    move: {
      state: Types.MoveState;
      refresh: boolean;
      cleanDays: number;
      cleanReps: number;
      signedOffAt: string | null;
      prerequisitesMet: boolean;
      signOffRequested: boolean;
      sides: Array<{ side: Types.MoveSide; state: Types.MoveState; daysCleared: number }>;
      move: { id: string; name: string; level: number; aliases: Array<string>; hasSides: boolean; safetyNotes: string };
    };
  };
};

export const StudentMoveCellFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<StudentMoveCellFragment, unknown>;
export const StudentMovesViewFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMovesView' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMoves' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'studentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'studentName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'apparatus' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
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
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'nextLevel' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'number' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'required' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'signedOff' } },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'learnNext' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'moves' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMoveCell' } }],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'history' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'moveName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'kind' } },
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'fromState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'toState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
                { kind: 'Field', name: { kind: 'Name', value: 'note' } },
                { kind: 'Field', name: { kind: 'Name', value: 'byName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'at' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<StudentMovesViewFragment, unknown>;
export const MyMovesDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'MyMoves' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'studentMoves' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'studentId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMovesView' } }],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'profile' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'familyMembers' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
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
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMovesView' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMoves' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'studentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'studentName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'apparatus' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
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
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'nextLevel' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'number' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'required' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'signedOff' } },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'learnNext' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'moves' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMoveCell' } }],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'history' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'moveName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'kind' } },
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'fromState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'toState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
                { kind: 'Field', name: { kind: 'Name', value: 'note' } },
                { kind: 'Field', name: { kind: 'Name', value: 'byName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'at' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyMovesQuery, MyMovesQueryVariables>;
export const MyMovesChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'MyMovesChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'studentMovesChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'studentId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMovesView' } }],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'StudentMovesView' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMoves' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'studentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'studentName' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'apparatus' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
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
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'nextLevel' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'number' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'required' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'signedOff' } },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'learnNext' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'moves' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMoveCell' } }],
                  },
                },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'history' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'moveName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'apparatusName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'kind' } },
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'fromState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'toState' } },
                { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
                { kind: 'Field', name: { kind: 'Name', value: 'note' } },
                { kind: 'Field', name: { kind: 'Name', value: 'byName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'at' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyMovesChangedSubscription, MyMovesChangedSubscriptionVariables>;
export const SetMyMoveStateDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'SetMyMoveState' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'input' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'MoveStateInput' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'setMoveState' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'input' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'input' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'entry' },
                  selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'Field', name: { kind: 'Name', value: 'id' } }] },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'move' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMoveCell' } }],
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
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SetMyMoveStateMutation, SetMyMoveStateMutationVariables>;
export const RequestMoveSignOffDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'RequestMoveSignOff' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'moveId' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'note' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'requestMoveSignOff' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'studentId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'studentId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'moveId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'moveId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'note' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'note' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'move' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'StudentMoveCell' } }],
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
      name: { kind: 'Name', value: 'StudentMoveCell' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'StudentMove' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'state' } },
          { kind: 'Field', name: { kind: 'Name', value: 'refresh' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanDays' } },
          { kind: 'Field', name: { kind: 'Name', value: 'cleanReps' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedOffAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'prerequisitesMet' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signOffRequested' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sides' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'side' } },
                { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                { kind: 'Field', name: { kind: 'Name', value: 'daysCleared' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'move' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'level' } },
                { kind: 'Field', name: { kind: 'Name', value: 'aliases' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hasSides' } },
                { kind: 'Field', name: { kind: 'Name', value: 'safetyNotes' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RequestMoveSignOffMutation, RequestMoveSignOffMutationVariables>;
