import { bootEarly } from "./pglite-thread-boot";
import { registerZodEnglishOnly } from "./zod-english";

/**
 * `npm start`: the whole service on embedded stores, until SIGINT or SIGTERM. Embedded Postgres's thread starts
 * first, so that its start-up overlaps loading the rest of the app (docs/architecture.md, "Start-up"); the app
 * checks the whole environment as it starts, and a bad value ends the process with its message.
 */
const pgliteBoot = bootEarly(process.env);
// Before the app's modules load zod (docs/architecture.md, "Start-up").
registerZodEnglishOnly();
// startLocalApp reports a thread that failed to start; until then it must not end the process as unhandled.
pgliteBoot?.catch(() => undefined);

const failed = async (e: unknown): Promise<never> => {
  console.error(e instanceof Error ? e.message : e);
  // A first start creates the database in the thread: let it finish, so that the next start finds it whole.
  await pgliteBoot?.then(
    (worker) => worker.terminate(),
    () => undefined,
  );
  process.exit(1);
};

const { startLocalApp } = await import("./app");
const app = await startLocalApp(process.env, { pgliteBoot }).catch(failed);

// The key comes first: "listening" is the last line of start-up, which scripts wait for.
if (app.mintedKey) {
  console.log("A first API key was minted for the project 'default'. The secret is shown only now:");
  console.log(`  public key: ${app.mintedKey.publicKey}`);
  console.log(`  secret key: ${app.mintedKey.secretKey}`);
  console.log(`  try: curl -u ${app.mintedKey.publicKey}:${app.mintedKey.secretKey} ${app.url}/v1/projects`);
}
console.log(`Sightline is listening on ${app.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log("Stopping: finishing jobs in hand…");
    app.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
