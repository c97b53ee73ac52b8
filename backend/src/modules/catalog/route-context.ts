import type { AppContext } from '../../platform/context';
import type { CatalogService } from './service';
import type { CatalogDeps } from './context';

/** What the catalog's files receive: the platform, the services it uses, and its own service. */
export type CatalogContext = AppContext & Omit<CatalogDeps, 'ctx'> & { catalog: CatalogService };
