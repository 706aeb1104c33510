export {
  EXAMPLE_OPERATOR,
  OPERATOR_EXAMPLE_NOTICE,
  type OperatorView,
  formatNip,
  operatorFacts,
} from './operator';
export {
  INLINE_OPERATOR_MARKERS,
  OPERATOR_MARKERS,
  OPERATOR_MARKER_PATTERN,
  fillOperatorMarkers,
  operatorIdentityHtml,
} from './operator-markers';
export { OperatorExampleNotice, OperatorFooterNote, OperatorIdentity } from './operator-identity';
