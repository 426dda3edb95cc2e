/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type ChatUnreadTotalQueryVariables = Exact<{ [key: string]: never; }>;


export type ChatUnreadTotalQuery = { staffChatUnread: number };

export type ChatUnreadTotalLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ChatUnreadTotalLiveSubscription = { chatInbox: { totalUnread: number } };


export const ChatUnreadTotalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ChatUnreadTotal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"staffChatUnread"}}]}}]} as unknown as DocumentNode<ChatUnreadTotalQuery, ChatUnreadTotalQueryVariables>;
export const ChatUnreadTotalLiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ChatUnreadTotalLive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chatInbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalUnread"}}]}}]}}]} as unknown as DocumentNode<ChatUnreadTotalLiveSubscription, ChatUnreadTotalLiveSubscriptionVariables>;