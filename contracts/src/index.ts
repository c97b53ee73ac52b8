export * from './api/common';
export * from './api/auth';
export * from './api/credits';
export * from './events/accounts';
export * from './events/credits';
export * from './api/profile';
export * from './events/profile';
export * from './profile/index';
