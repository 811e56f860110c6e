import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import postgres from "postgres";

/** Whether the machine's Postgres answers on 127.0.0.1:5432 (scenarios that need a server skip without it). */
export const postgresAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(5432, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      return resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * Creates a database of its own on the server at `url` (so migrations start from
 * nothing and parallel test files cannot collide) and returns its URL and a drop
 * function; null when the role may not create databases.
 */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `sightline_test_${randomUUID().replaceAll("-", "")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch {
    await admin.end();
    return null;
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
