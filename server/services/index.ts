// The services both doors (REST routes and page loaders) call in-process.
import type { Config } from '../config.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createProductService } from './products.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
}

export function createServices({ config, database, storage }: ServiceDeps) {
  return {
    config,
    database,
    storage,
    products: createProductService(database.db),
  };
}

export type Services = ReturnType<typeof createServices>;
