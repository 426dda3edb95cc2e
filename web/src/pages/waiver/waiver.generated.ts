/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type WaiverDocumentQueryVariables = Exact<{ [key: string]: never }>;

export type WaiverDocumentQuery = {
  waiverDocument: {
    documentId: string;
    version: number;
    title: string;
    lastUpdated: string;
    sections: Array<{ key: string; heading: string; body: string }>;
  };
};

export type WaiverRecordFragment = {
  id: string;
  documentId: string;
  documentVersion: number;
  documentTitle: string;
  signedAt: string;
  typedName: string | null;
  hasDrawing: boolean;
  pdfUrl: string;
  signedFor: { id: string; firstName: string; lastName: string };
  signedBy: { id: string; firstName: string; lastName: string };
};

export type MyWaiverSignaturesQueryVariables = Exact<{ [key: string]: never }>;

export type MyWaiverSignaturesQuery = {
  myWaiverSignatures: Array<{
    id: string;
    documentId: string;
    documentVersion: number;
    documentTitle: string;
    signedAt: string;
    typedName: string | null;
    hasDrawing: boolean;
    pdfUrl: string;
    signedFor: { id: string; firstName: string; lastName: string };
    signedBy: { id: string; firstName: string; lastName: string };
  }>;
};

export type SignWaiversMutationVariables = Exact<{
  userIds: Array<string | number> | string | number;
  signature?: Types.WaiverSignatureInput | null | undefined;
}>;

export type SignWaiversMutation = {
  signWaivers: {
    signatures: Array<{
      id: string;
      documentId: string;
      documentVersion: number;
      documentTitle: string;
      signedAt: string;
      typedName: string | null;
      hasDrawing: boolean;
      pdfUrl: string;
      signedFor: { id: string; waiverSigned: boolean; firstName: string; lastName: string };
      signedBy: { id: string; firstName: string; lastName: string };
    }>;
    user: {
      id: string;
      firstName: string;
      lastName: string;
      username: string | null;
      email: string | null;
      role: Types.Role;
      birthday: string;
      age: number;
      isMinor: boolean;
      hasLogin: boolean;
      isActive: boolean;
      waiverSigned: boolean;
    };
  };
};

export const WaiverRecordFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'WaiverRecord' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'WaiverSignature' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentVersion' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'typedName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'hasDrawing' } },
          { kind: 'Field', name: { kind: 'Name', value: 'pdfUrl' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedFor' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedBy' },
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
} as unknown as DocumentNode<WaiverRecordFragment, unknown>;
export const WaiverDocumentDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'WaiverDocument' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'waiverDocument' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'documentId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'version' } },
                { kind: 'Field', name: { kind: 'Name', value: 'title' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastUpdated' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'sections' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'key' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'heading' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'body' } },
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
} as unknown as DocumentNode<WaiverDocumentQuery, WaiverDocumentQueryVariables>;
export const MyWaiverSignaturesDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'MyWaiverSignatures' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myWaiverSignatures' },
            selectionSet: { kind: 'SelectionSet', selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'WaiverRecord' } }] },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'WaiverRecord' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'WaiverSignature' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentVersion' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'typedName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'hasDrawing' } },
          { kind: 'Field', name: { kind: 'Name', value: 'pdfUrl' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedFor' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedBy' },
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
} as unknown as DocumentNode<MyWaiverSignaturesQuery, MyWaiverSignaturesQueryVariables>;
export const SignWaiversDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'SignWaivers' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'userIds' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'ListType', type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } } } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'signature' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'WaiverSignatureInput' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signWaivers' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'userIds' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'userIds' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'signature' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'signature' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'signatures' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'FragmentSpread', name: { kind: 'Name', value: 'WaiverRecord' } },
                      {
                        kind: 'Field',
                        name: { kind: 'Name', value: 'signedFor' },
                        selectionSet: {
                          kind: 'SelectionSet',
                          selections: [
                            { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
                          ],
                        },
                      },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'user' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'SessionUser' } }],
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
      name: { kind: 'Name', value: 'WaiverRecord' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'WaiverSignature' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentId' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentVersion' } },
          { kind: 'Field', name: { kind: 'Name', value: 'documentTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'signedAt' } },
          { kind: 'Field', name: { kind: 'Name', value: 'typedName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'hasDrawing' } },
          { kind: 'Field', name: { kind: 'Name', value: 'pdfUrl' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedFor' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'signedBy' },
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
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'SessionUser' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'User' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'firstName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'lastName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'username' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'role' } },
          { kind: 'Field', name: { kind: 'Name', value: 'birthday' } },
          { kind: 'Field', name: { kind: 'Name', value: 'age' } },
          { kind: 'Field', name: { kind: 'Name', value: 'isMinor' } },
          { kind: 'Field', name: { kind: 'Name', value: 'hasLogin' } },
          { kind: 'Field', name: { kind: 'Name', value: 'isActive' } },
          { kind: 'Field', name: { kind: 'Name', value: 'waiverSigned' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SignWaiversMutation, SignWaiversMutationVariables>;
