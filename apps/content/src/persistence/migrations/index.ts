import { CreatePages1763683500000 } from './1763683500000-create-pages';
import { EditorialImport1763740000000 } from './1763740000000-editorial-import';
import { CreateComments1763750000000 } from './1763750000000-create-comments';
import { CreateIdempotencyKeys1795600000000 } from './1795600000000-create-idempotency-keys';
import { IndexPublishedComments1795610000000 } from './1795610000000-index-published-comments';

/** The content schema's history, in the order it runs (the service definition, the import CLI and the migration test share it). */
export const CONTENT_MIGRATIONS = [
  CreatePages1763683500000,
  EditorialImport1763740000000,
  CreateComments1763750000000,
  CreateIdempotencyKeys1795600000000,
  IndexPublishedComments1795610000000,
];
