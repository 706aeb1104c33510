// Maps gRPC messages onto what the pages show. Components never see protobuf types, and the
// cached and inlined data carries only the fields that are rendered.
export { routeTypeName, toContentView, toToc, withoutBodyHtml } from './content';
export { toOfferCard } from './offers';
export { toRatesBox } from './rates';
export { articleWithoutBody, average, toArticleCard, toArticleView, toAuthorLink, toTagLink } from './blog';
export { toLenderCard, toLenderReviewView } from './lenders';
export { toCalendarData } from './calendar';
export { toNavigationView } from './navigation';
