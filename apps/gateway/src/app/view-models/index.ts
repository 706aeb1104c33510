// Maps gRPC messages onto what the pages show, for the views several features share (a feature's
// own mapping is its <feature>.view-model.ts). Pure: no I/O, no service calls. Components never
// see protobuf types, and the cached and inlined data carries only the fields that are rendered.
export { routeTypeName, toContentView, toToc } from './content-page';
export { toArticleCard, toAuthorLink, toTagLink } from './article-card';
export { toCostExample, toMatchedCards, toOfferCard } from './offer-card';
export { lenderNames } from './lender-names';
export { average } from './ratings';
export { toNavigationView } from './navigation';
