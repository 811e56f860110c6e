/**
 * `SIGHTLINE_DATA_DIR`'s default: in a module of its own, so that `npm start` can start embedded Postgres's thread
 * before the environment's schema loads (docs/architecture.md, "Start-up").
 */
export const DEFAULT_DATA_DIR = "./.sightline";
