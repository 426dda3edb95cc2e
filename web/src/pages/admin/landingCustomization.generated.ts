/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type LandingPageEditorQueryVariables = Exact<{ [key: string]: never }>;

export type LandingPageEditorQuery = {
  landingPageConfig: {
    announcementEnabled: boolean;
    announcementText: string;
    heroTitle: string;
    heroSubtitle: string;
    heroCta: string;
    heroCtaLink: string;
    heroBackgroundImage: string;
    primaryColor: string;
    secondaryColor: string;
    featuresTitle: string;
    featuresSubtitle: string;
    updatedAt: string;
    featuresContent: Array<{ icon: string; title: string; description: string }>;
    socialLinks: Array<{ label: string; url: string }>;
  };
};

export type UpdateLandingPageConfigMutationVariables = Exact<{
  input: Types.UpdateLandingPageConfigInput;
}>;

export type UpdateLandingPageConfigMutation = {
  updateLandingPageConfig: {
    announcementEnabled: boolean;
    announcementText: string;
    heroTitle: string;
    heroSubtitle: string;
    heroCta: string;
    heroCtaLink: string;
    heroBackgroundImage: string;
    primaryColor: string;
    secondaryColor: string;
    featuresTitle: string;
    featuresSubtitle: string;
    updatedAt: string;
    featuresContent: Array<{ icon: string; title: string; description: string }>;
    socialLinks: Array<{ label: string; url: string }>;
  };
};

export const LandingPageEditorDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'LandingPageEditor' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'landingPageConfig' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'LandingConfig' } }],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'LandingConfig' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'LandingPageConfig' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'announcementEnabled' } },
          { kind: 'Field', name: { kind: 'Name', value: 'announcementText' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroSubtitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroCta' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroCtaLink' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroBackgroundImage' } },
          { kind: 'Field', name: { kind: 'Name', value: 'primaryColor' } },
          { kind: 'Field', name: { kind: 'Name', value: 'secondaryColor' } },
          { kind: 'Field', name: { kind: 'Name', value: 'featuresTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'featuresSubtitle' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'featuresContent' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'icon' } },
                { kind: 'Field', name: { kind: 'Name', value: 'title' } },
                { kind: 'Field', name: { kind: 'Name', value: 'description' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'socialLinks' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'label' } },
                { kind: 'Field', name: { kind: 'Name', value: 'url' } },
              ],
            },
          },
          { kind: 'Field', name: { kind: 'Name', value: 'updatedAt' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<LandingPageEditorQuery, LandingPageEditorQueryVariables>;
export const UpdateLandingPageConfigDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'mutation',
      name: { kind: 'Name', value: 'UpdateLandingPageConfig' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'input' } },
          type: { kind: 'NonNullType', type: { kind: 'NamedType', name: { kind: 'Name', value: 'UpdateLandingPageConfigInput' } } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'updateLandingPageConfig' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'input' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'input' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'FragmentSpread', name: { kind: 'Name', value: 'LandingConfig' } }],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'LandingConfig' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'LandingPageConfig' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'announcementEnabled' } },
          { kind: 'Field', name: { kind: 'Name', value: 'announcementText' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroSubtitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroCta' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroCtaLink' } },
          { kind: 'Field', name: { kind: 'Name', value: 'heroBackgroundImage' } },
          { kind: 'Field', name: { kind: 'Name', value: 'primaryColor' } },
          { kind: 'Field', name: { kind: 'Name', value: 'secondaryColor' } },
          { kind: 'Field', name: { kind: 'Name', value: 'featuresTitle' } },
          { kind: 'Field', name: { kind: 'Name', value: 'featuresSubtitle' } },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'featuresContent' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'icon' } },
                { kind: 'Field', name: { kind: 'Name', value: 'title' } },
                { kind: 'Field', name: { kind: 'Name', value: 'description' } },
              ],
            },
          },
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'socialLinks' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'label' } },
                { kind: 'Field', name: { kind: 'Name', value: 'url' } },
              ],
            },
          },
          { kind: 'Field', name: { kind: 'Name', value: 'updatedAt' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<UpdateLandingPageConfigMutation, UpdateLandingPageConfigMutationVariables>;
