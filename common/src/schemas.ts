/**
 * Every zod schema, one module per resource, used by the server to validate every call and
 * document every answer (each named with `.meta({ id })`, its name in the OpenAPI document), and
 * by the console's forms that validate before sending. Objects are in zod's default ("strip")
 * mode; the server refuses a body's fields its schema does not know (server/src/http/validate.ts).
 */
export { idSchema, noLineBreaks } from './fields';
export * from './answers';
export * from './auth';
export * from './staff';
export * from './admins';
export * from './settings';
export * from './services';
export * from './audit';
export * from './enquiries';
export * from './notifications';
export * from './security';
export * from './dashboard';
export * from './content';
export * from './schedule';
export * from './replies';
export * from './quotes';
export * from './follow-up';
export * from './subscribers';
export * from './analytics-report';
export * from './redirects';
export * from './media';
export * from './payments';
