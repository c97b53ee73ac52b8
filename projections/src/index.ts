export * from './runtime';
export * from './search/index';
