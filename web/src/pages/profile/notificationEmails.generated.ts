/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../graphql/types';

import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type NotificationEmailPreferencesQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationEmailPreferencesQuery = { notificationPreferences: { emailTypes: Array<Types.NotificationType> } };

export type UpdateNotificationEmailPreferencesMutationVariables = Exact<{
  emailTypes: Array<Types.NotificationType> | Types.NotificationType;
}>;


export type UpdateNotificationEmailPreferencesMutation = { updateNotificationPreferences: { emailTypes: Array<Types.NotificationType> } };

export type MailingSubscriptionQueryVariables = Exact<{ [key: string]: never; }>;


export type MailingSubscriptionQuery = { profile: { id: string, mailingsOptOutAt: string | null } };

export type SetMailingSubscriptionMutationVariables = Exact<{
  subscribed: boolean;
}>;


export type SetMailingSubscriptionMutation = { setMailingSubscription: { id: string, mailingsOptOutAt: string | null } };


export const NotificationEmailPreferencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NotificationEmailPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emailTypes"}}]}}]}}]} as unknown as DocumentNode<NotificationEmailPreferencesQuery, NotificationEmailPreferencesQueryVariables>;
export const UpdateNotificationEmailPreferencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateNotificationEmailPreferences"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"emailTypes"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationType"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateNotificationPreferences"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"emailTypes"},"value":{"kind":"Variable","name":{"kind":"Name","value":"emailTypes"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emailTypes"}}]}}]}}]} as unknown as DocumentNode<UpdateNotificationEmailPreferencesMutation, UpdateNotificationEmailPreferencesMutationVariables>;
export const MailingSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingSubscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"profile"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailingsOptOutAt"}}]}}]}}]} as unknown as DocumentNode<MailingSubscriptionQuery, MailingSubscriptionQueryVariables>;
export const SetMailingSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetMailingSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscribed"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setMailingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subscribed"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscribed"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mailingsOptOutAt"}}]}}]}}]} as unknown as DocumentNode<SetMailingSubscriptionMutation, SetMailingSubscriptionMutationVariables>;