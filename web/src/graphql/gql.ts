/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment SessionUser on User {\n  id\n  firstName\n  lastName\n  username\n  email\n  role\n  birthday\n  age\n  isMinor\n  hasLogin\n  isActive\n  waiverSigned\n}\n\nfragment FamilyMember on User {\n  id\n  firstName\n  lastName\n  birthday\n  age\n  isMinor\n  hasLogin\n  waiverSigned\n}\n\nquery VerifySession {\n  me {\n    id\n    role\n    waiverSigned\n  }\n}\n\nquery Profile {\n  profile {\n    ...SessionUser\n    familyMembers {\n      ...FamilyMember\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}": typeof types.SessionUserFragmentDoc,
    "mutation SubmitFeedback($input: FeedbackInput!) {\n  submitFeedback(input: $input) {\n    id\n    category\n    message\n    page\n    createdAt\n  }\n}": typeof types.SubmitFeedbackDocument,
    "mutation UpdateLandingPageConfig($input: UpdateLandingPageConfigInput!) {\n  updateLandingPageConfig(input: $input) {\n    ...LandingConfig\n  }\n}": typeof types.UpdateLandingPageConfigDocument,
    "mutation Login($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email)\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}": typeof types.LoginDocument,
    "mutation AddFamilyMember($input: FamilyMemberInput!) {\n  addFamilyMember(input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation UpdateFamilyMember($id: ID!, $input: UpdateFamilyMemberInput!) {\n  updateFamilyMember(id: $id, input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation RemoveFamilyMember($id: ID!) {\n  removeFamilyMember(id: $id)\n}": typeof types.AddFamilyMemberDocument,
    "fragment LandingConfig on LandingPageConfig {\n  announcementEnabled\n  announcementText\n  heroTitle\n  heroSubtitle\n  heroCta\n  heroCtaLink\n  heroBackgroundImage\n  primaryColor\n  secondaryColor\n  featuresTitle\n  featuresSubtitle\n  featuresContent {\n    icon\n    title\n    description\n  }\n  socialLinks {\n    label\n    url\n  }\n  updatedAt\n}\n\nquery LandingPage {\n  landingPageConfig {\n    ...LandingConfig\n  }\n}\n\nsubscription LandingPageChanged {\n  landingPageConfigChanged {\n    ...LandingConfig\n  }\n}": typeof types.LandingConfigFragmentDoc,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}\n\nmutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.UpdateProfileDocument,
    "query WaiverDocument {\n  waiverDocument {\n    documentId\n    version\n    title\n    lastUpdated\n    sections {\n      key\n      heading\n      body\n    }\n  }\n}\n\nmutation SignWaivers($userIds: [ID!]!) {\n  signWaivers(userIds: $userIds) {\n    signatures {\n      id\n      signedFor {\n        id\n        waiverSigned\n      }\n    }\n    user {\n      ...SessionUser\n    }\n  }\n}": typeof types.WaiverDocumentDocument,
};
const documents: Documents = {
    "fragment SessionUser on User {\n  id\n  firstName\n  lastName\n  username\n  email\n  role\n  birthday\n  age\n  isMinor\n  hasLogin\n  isActive\n  waiverSigned\n}\n\nfragment FamilyMember on User {\n  id\n  firstName\n  lastName\n  birthday\n  age\n  isMinor\n  hasLogin\n  waiverSigned\n}\n\nquery VerifySession {\n  me {\n    id\n    role\n    waiverSigned\n  }\n}\n\nquery Profile {\n  profile {\n    ...SessionUser\n    familyMembers {\n      ...FamilyMember\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}": types.SessionUserFragmentDoc,
    "mutation SubmitFeedback($input: FeedbackInput!) {\n  submitFeedback(input: $input) {\n    id\n    category\n    message\n    page\n    createdAt\n  }\n}": types.SubmitFeedbackDocument,
    "mutation UpdateLandingPageConfig($input: UpdateLandingPageConfigInput!) {\n  updateLandingPageConfig(input: $input) {\n    ...LandingConfig\n  }\n}": types.UpdateLandingPageConfigDocument,
    "mutation Login($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email)\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}": types.LoginDocument,
    "mutation AddFamilyMember($input: FamilyMemberInput!) {\n  addFamilyMember(input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation UpdateFamilyMember($id: ID!, $input: UpdateFamilyMemberInput!) {\n  updateFamilyMember(id: $id, input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation RemoveFamilyMember($id: ID!) {\n  removeFamilyMember(id: $id)\n}": types.AddFamilyMemberDocument,
    "fragment LandingConfig on LandingPageConfig {\n  announcementEnabled\n  announcementText\n  heroTitle\n  heroSubtitle\n  heroCta\n  heroCtaLink\n  heroBackgroundImage\n  primaryColor\n  secondaryColor\n  featuresTitle\n  featuresSubtitle\n  featuresContent {\n    icon\n    title\n    description\n  }\n  socialLinks {\n    label\n    url\n  }\n  updatedAt\n}\n\nquery LandingPage {\n  landingPageConfig {\n    ...LandingConfig\n  }\n}\n\nsubscription LandingPageChanged {\n  landingPageConfigChanged {\n    ...LandingConfig\n  }\n}": types.LandingConfigFragmentDoc,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}\n\nmutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n    }\n  }\n}": types.UpdateProfileDocument,
    "query WaiverDocument {\n  waiverDocument {\n    documentId\n    version\n    title\n    lastUpdated\n    sections {\n      key\n      heading\n      body\n    }\n  }\n}\n\nmutation SignWaivers($userIds: [ID!]!) {\n  signWaivers(userIds: $userIds) {\n    signatures {\n      id\n      signedFor {\n        id\n        waiverSigned\n      }\n    }\n    user {\n      ...SessionUser\n    }\n  }\n}": types.WaiverDocumentDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionUser on User {\n  id\n  firstName\n  lastName\n  username\n  email\n  role\n  birthday\n  age\n  isMinor\n  hasLogin\n  isActive\n  waiverSigned\n}\n\nfragment FamilyMember on User {\n  id\n  firstName\n  lastName\n  birthday\n  age\n  isMinor\n  hasLogin\n  waiverSigned\n}\n\nquery VerifySession {\n  me {\n    id\n    role\n    waiverSigned\n  }\n}\n\nquery Profile {\n  profile {\n    ...SessionUser\n    familyMembers {\n      ...FamilyMember\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}"): (typeof documents)["fragment SessionUser on User {\n  id\n  firstName\n  lastName\n  username\n  email\n  role\n  birthday\n  age\n  isMinor\n  hasLogin\n  isActive\n  waiverSigned\n}\n\nfragment FamilyMember on User {\n  id\n  firstName\n  lastName\n  birthday\n  age\n  isMinor\n  hasLogin\n  waiverSigned\n}\n\nquery VerifySession {\n  me {\n    id\n    role\n    waiverSigned\n  }\n}\n\nquery Profile {\n  profile {\n    ...SessionUser\n    familyMembers {\n      ...FamilyMember\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubmitFeedback($input: FeedbackInput!) {\n  submitFeedback(input: $input) {\n    id\n    category\n    message\n    page\n    createdAt\n  }\n}"): (typeof documents)["mutation SubmitFeedback($input: FeedbackInput!) {\n  submitFeedback(input: $input) {\n    id\n    category\n    message\n    page\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateLandingPageConfig($input: UpdateLandingPageConfigInput!) {\n  updateLandingPageConfig(input: $input) {\n    ...LandingConfig\n  }\n}"): (typeof documents)["mutation UpdateLandingPageConfig($input: UpdateLandingPageConfigInput!) {\n  updateLandingPageConfig(input: $input) {\n    ...LandingConfig\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email)\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}"): (typeof documents)["mutation Login($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n      familyMembers {\n        ...FamilyMember\n      }\n    }\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email)\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AddFamilyMember($input: FamilyMemberInput!) {\n  addFamilyMember(input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation UpdateFamilyMember($id: ID!, $input: UpdateFamilyMemberInput!) {\n  updateFamilyMember(id: $id, input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation RemoveFamilyMember($id: ID!) {\n  removeFamilyMember(id: $id)\n}"): (typeof documents)["mutation AddFamilyMember($input: FamilyMemberInput!) {\n  addFamilyMember(input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation UpdateFamilyMember($id: ID!, $input: UpdateFamilyMemberInput!) {\n  updateFamilyMember(id: $id, input: $input) {\n    ...FamilyMember\n  }\n}\n\nmutation RemoveFamilyMember($id: ID!) {\n  removeFamilyMember(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LandingConfig on LandingPageConfig {\n  announcementEnabled\n  announcementText\n  heroTitle\n  heroSubtitle\n  heroCta\n  heroCtaLink\n  heroBackgroundImage\n  primaryColor\n  secondaryColor\n  featuresTitle\n  featuresSubtitle\n  featuresContent {\n    icon\n    title\n    description\n  }\n  socialLinks {\n    label\n    url\n  }\n  updatedAt\n}\n\nquery LandingPage {\n  landingPageConfig {\n    ...LandingConfig\n  }\n}\n\nsubscription LandingPageChanged {\n  landingPageConfigChanged {\n    ...LandingConfig\n  }\n}"): (typeof documents)["fragment LandingConfig on LandingPageConfig {\n  announcementEnabled\n  announcementText\n  heroTitle\n  heroSubtitle\n  heroCta\n  heroCtaLink\n  heroBackgroundImage\n  primaryColor\n  secondaryColor\n  featuresTitle\n  featuresSubtitle\n  featuresContent {\n    icon\n    title\n    description\n  }\n  socialLinks {\n    label\n    url\n  }\n  updatedAt\n}\n\nquery LandingPage {\n  landingPageConfig {\n    ...LandingConfig\n  }\n}\n\nsubscription LandingPageChanged {\n  landingPageConfigChanged {\n    ...LandingConfig\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}\n\nmutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n    }\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}\n\nmutation ChangePassword($input: ChangePasswordInput!) {\n  changePassword(input: $input) {\n    token\n    redirect\n    user {\n      ...SessionUser\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WaiverDocument {\n  waiverDocument {\n    documentId\n    version\n    title\n    lastUpdated\n    sections {\n      key\n      heading\n      body\n    }\n  }\n}\n\nmutation SignWaivers($userIds: [ID!]!) {\n  signWaivers(userIds: $userIds) {\n    signatures {\n      id\n      signedFor {\n        id\n        waiverSigned\n      }\n    }\n    user {\n      ...SessionUser\n    }\n  }\n}"): (typeof documents)["query WaiverDocument {\n  waiverDocument {\n    documentId\n    version\n    title\n    lastUpdated\n    sections {\n      key\n      heading\n      body\n    }\n  }\n}\n\nmutation SignWaivers($userIds: [ID!]!) {\n  signWaivers(userIds: $userIds) {\n    signatures {\n      id\n      signedFor {\n        id\n        waiverSigned\n      }\n    }\n    user {\n      ...SessionUser\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;