// The fixtures and evaluators that tests and benches share: a public face of its own, so the
// product's face (`@fp/contracts`) carries no test data.
export * from './profile/sample';
export { evaluateCorpus } from './questions/evaluate';
export { CORPUS } from './questions/corpus';
