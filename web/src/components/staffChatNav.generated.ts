/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type StaffChatUnreadQueryVariables = Exact<{ [key: string]: never; }>;


export type StaffChatUnreadQuery = { staffChat: { totalUnread: number } };

export type StaffChatUnreadLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type StaffChatUnreadLiveSubscription = { chatInbox: { totalUnread: number } };


export const StaffChatUnreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StaffChatUnread"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"staffChat"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalUnread"}}]}}]}}]} as unknown as DocumentNode<StaffChatUnreadQuery, StaffChatUnreadQueryVariables>;
export const StaffChatUnreadLiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StaffChatUnreadLive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chatInbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalUnread"}}]}}]}}]} as unknown as DocumentNode<StaffChatUnreadLiveSubscription, StaffChatUnreadLiveSubscriptionVariables>;