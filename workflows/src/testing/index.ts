// The fixtures and evaluators that tests and benches share (the automation's whole-path corpus).
export * from './whole-path';
export {
  WHOLE_PATH_CORPUS,
  WHOLE_PATH_FOUNDERS,
  type WholePathEntry,
  type WholePathFounder,
} from './whole-path-corpus';
