export * from './runtime';
export * from './each-event';
export * from './search/index';
