export {
  EXAMPLE_ENTRY_MARK,
  EXAMPLE_OPERATOR,
  OPERATOR_EXAMPLE_NOTICE,
  type OperatorView,
  formatNip,
  operatorFacts,
  registerEntryText,
} from './operator';
export { FRAUD_WARNING_TITLE, fraudWarningText } from './contact-safety';
export {
  INTERMEDIARY_DETAILS_LINK,
  INTERMEDIARY_DETAILS_PATH,
  intermediaryFooterText,
  intermediaryParagraphs,
} from './intermediary';
export {
  INLINE_OPERATOR_MARKERS,
  OPERATOR_MARKERS,
  OPERATOR_MARKER_PATTERN,
  fillOperatorMarkers,
  intermediaryDisclosureHtml,
  operatorIdentityHtml,
} from './operator-markers';
export {
  IntermediaryFooterNote,
  OperatorExampleNotice,
  OperatorFooterNote,
  OperatorIdentity,
} from './operator-identity';
