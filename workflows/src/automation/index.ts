export { applyToFirm } from './apply-to-firm';
export { reviewForm, reviewOf, type ReviewedFirm } from './review';
export {
  discoverForm,
  refusedVisit,
  type DiscoverOptions,
  type DiscoveredBlocker,
  type DiscoveredField,
  type DiscoveredKind,
  type DiscoveryOutcome,
  type DiscoveryResult,
} from './discover-form';
export { analyseOutcome } from './analyse-outcome';
export { launchBrowser, chromiumPath, CHROMIUM_ARGS } from './browser';
export { classifyField, ensureUrl, normalizeText, parseMoney, questionTextOf, splitName } from './field-mapping';
export {
  decideField,
  decideUpload,
  documentKindAsked,
  onlyTerms,
  exactNumber,
  exactYear,
  fitValue,
  fullDate,
  profileValue,
  valueForTarget,
  yearMonth,
  type FieldDecision,
  type FounderDocument,
  type UploadDecision,
  type ValueSources,
  type ValueSource,
} from './answering';
export type { ControlKind, FieldDescriptor, FieldMatch } from './field-mapping';
export { matchOption, parseRange, stageOrdinals } from './option-matching';
export type { OptionLike, NumRange } from './option-matching';
export { classifyButton, scoreLink, isSuccessText, isErrorText, isThankYouUrl } from './page-heuristics';
export type { ButtonRole } from './page-heuristics';
export { checkUrlSafety, isHostAllowed, isPrivateAddress, parseAllowedHosts, systemResolver } from './url-safety';
export type { Resolver, SafetyPolicy, SafetyVerdict } from './url-safety';
export { ApplyFailure, NeedsInput } from './errors';
export { MAX_DECK_BYTES, pdfProblem, type DeckFile } from './deck';
export { withChoiceCards, type FrameScan, type ScannedButton, type ScannedControl } from './dom-scan';
export { keepsValue } from './fill-form';
export { DEFAULT_CHECKBOX_CHOICES, DEFAULT_TIMEOUTS } from './types';
export type {
  ApplyOptions,
  ApplyResult,
  ApplyStatus,
  ApplyStep,
  ApplySubStatus,
  ApplyTimeouts,
  CheckboxChoices,
  FailureCode,
  FieldTarget,
  FilledField,
  FormQuestion,
  FounderAnswer,
  ProfileField,
  StartupProfile,
  TakeoverDecision,
  TakeoverHook,
  TakeoverReason,
} from './types';
