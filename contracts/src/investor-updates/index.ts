export * from './api';
export * from './events';
