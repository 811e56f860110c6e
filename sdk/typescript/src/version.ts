/** Sent as `sdk` with every ingest batch, so the service's SDK inventory names this client. */
export const SDK_NAME = "sightline-typescript";
export const SDK_VERSION = "0.1.0";
