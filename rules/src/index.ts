/**
 * Field rules, written once: the API validates its inputs with these schemas (api/src/common/validators.ts) and
 * the web's forms check the same rules before sending (react-hook-form with the zod resolver).
 */
export * from './checkin';
export * from './classes';
export * from './dates';
export * from './feedback';
export * from './instructors';
export * from './landing';
export * from './people';
export * from './text';
export * from './waivers';
export * from './shop';
export * from './invoices';
export * from './chat';
export * from './memberships';
export * from './money';
export * from './moves';
export * from './groups';
export * from './mailings';
export * from './apikeys';
export * from './webhooks';
export * from './imports';
export * from './videos';
export * from './health';
