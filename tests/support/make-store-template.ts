import { parseEnv } from "@functions/_runtime/env";
import { openStores } from "@functions/local/stores";

/*
 * Run as its own process by store-template.ts: migrates empty embedded stores (PGlite and chDB) in the directory
 * given, then closes them cleanly, so test files can start from a copy instead of initialising and migrating their own.
 */
const dir = process.argv[2];
if (!dir) throw new Error("usage: make-store-template.ts <data dir>");
const stores = await openStores(parseEnv({ SIGHTLINE_DATA_DIR: dir }));
await stores.migrate();
await stores.close();
