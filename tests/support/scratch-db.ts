import { randomUUID } from "node:crypto";
import postgres from "postgres";

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
