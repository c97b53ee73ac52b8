// The fixtures and evaluators that tests and benches share (the automation's whole-path corpus).
export * from './whole-path';
export { WHOLE_PATH_CORPUS } from './whole-path-corpus';
