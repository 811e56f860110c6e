import { startLocalApp } from "./app";

/** `npm start`: the whole service on embedded stores, until SIGINT or SIGTERM. */
const app = await startLocalApp(process.env).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

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
