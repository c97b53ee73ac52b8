export * from './postgres';
export * from './db';
export * from './migrations';
export * from './eventstore/index';
export * from './config';
export * from './testing';
export * from './database';
export * from './catalog/index';
