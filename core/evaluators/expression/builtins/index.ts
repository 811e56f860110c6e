import type { Builtin } from "./args";
import { JSON_BUILTINS } from "./json";
import { NUMBER_AND_MISC_BUILTINS } from "./numbers";
import { STRING_BUILTINS } from "./strings";

export type { Builtin, BuiltinFn } from "./args";

/** The built-in functions (docs/expressions.md, "Functions"), subject first: the only callables an expression can reach. */
export const BUILTINS: Readonly<Record<string, Builtin>> = {
  ...STRING_BUILTINS,
  ...JSON_BUILTINS,
  ...NUMBER_AND_MISC_BUILTINS,
};
