import { deepEqual, kindOf, readMember, refuseName } from "../values";
import { type Builtin, wrongArg } from "./args";

/** jsonValid, jsonParse, jsonPath, has, exactMatch. */
export const JSON_BUILTINS: Record<string, Builtin> = {
  // A value that is already structured (the trace stored an object) counts as valid JSON.
  jsonValid: {
    minArgs: 1,
    maxArgs: 1,
    fn: ([value]) => {
      if (value === null) return false;
      if (typeof value !== "string") return true;
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    },
  },
  // Invalid JSON parses to null; a value that is already structured passes through unchanged.
  jsonParse: {
    minArgs: 1,
    maxArgs: 1,
    fn: ([value]) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return null;
      }
    },
  },
  jsonPath: {
    minArgs: 2,
    maxArgs: 2,
    fn: (args, start) => {
      const path = args[1];
      if (typeof path !== "string") throw wrongArg("jsonPath", 1, "a dotted path string", path, start);
      let value = args[0];
      if (path === "") return value;
      for (const segment of path.split(".")) {
        value = readMember(value, segment, start);
        if (value === null) return null;
      }
      return value;
    },
  },
  has: {
    minArgs: 2,
    maxArgs: 2,
    fn: (args, start) => {
      const [target, key] = args;
      if (typeof key !== "string" && typeof key !== "number")
        throw wrongArg("has", 1, "a string or number key", key, start);
      refuseName(key, start);
      if (Array.isArray(target)) {
        const index = typeof key === "number" ? key : /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1;
        return Number.isInteger(index) && index >= 0 && index < target.length;
      }
      return kindOf(target) === "object" && Object.hasOwn(target as object, String(key));
    },
  },
  exactMatch: { minArgs: 2, maxArgs: 2, fn: ([a, b]) => deepEqual(a, b) },
};
