import type { Deps } from "@core/platform/deps";
import type { Env } from "./env";

/**
 * What every function gets: cheap to build, and what authentication, logging and stored secrets need.
 * Everything else is a port the function declares (docs/deployment.md, "What a Lambda bundle may contain").
 */
export type BaseDeps = Pick<Deps, "db" | "clock" | "ids" | "log" | "config" | "keyRing" | "caches" | "rateLimiter">;

/** The adapters a function opens only when it declares them: each one carries a client library. */
export type PortName = Exclude<keyof Deps, keyof BaseDeps>;

/**
 * One adapter and how a Lambda opens it from the environment. A handler lists the ports it uses; its
 * bundle then holds only those adapters' libraries, because nothing else imports the port's module.
 */
export interface Port<N extends PortName> {
  readonly name: N;
  /** Opens the adapter from the environment; `base` is what every function has (the sign-in stack is built on it). */
  open(env: Env, base: BaseDeps): Deps[N] | Promise<Deps[N]>;
}

/** The dependencies of a function that declared the ports `N`. */
export type DepsWith<N extends PortName> = BaseDeps & Pick<Deps, N>;
