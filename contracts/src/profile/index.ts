// Startup profile rules: pure, shared by the server and the browser. Only zod is imported.
export * from './fields';
export * from './field-format';
export * from './profile-answers';
export * from './completion';
export * from './schema';
export * from './payload';
export * from './answer-events';
export * from './answer-api';
export * from './answer-matching';
export * from './standing-choices';
