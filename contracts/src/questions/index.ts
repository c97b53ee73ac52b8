// The question model: what a form's question asks, and where its answer may come from.
export * from './intents';
export * from './question-model';
export * from './resolve';
