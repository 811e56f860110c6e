import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { FunctionProps } from "sst/constructs";

/** An esbuild plugin as the esbuild SST bundles with takes it (SST carries its own esbuild). */
export type EsbuildPlugin = NonNullable<
  NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]
>[number];

const NAMESPACE = "zod-locales";

/**
 * zod's namespace objects (`z.core`, `z.locales`) carry every locale it ships, about 270 KB minified, in any bundle
 * whose code reads the namespace as a value: better-auth's OAuth provider does (`z.core.toDotPath`), so the auth
 * function carried all of them. Our messages are English and nothing of ours or of our packages picks another
 * locale, so zod's own imports of its locale index resolve to a module with English alone (docs/deployment.md,
 * "What ships"). A package that read `z.locales.fr` would get `undefined`; tests/stacks/bundle-trims.test.ts
 * holds the rule.
 */
export const zodEnglishOnly: EsbuildPlugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: resolve(dirname(args.importer), args.path), namespace: NAMESPACE }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
      loader: "js",
    }));
  },
};

/**
 * What a package hands on through its facade (`lazyPackage`), by how: functions are called (or constructed)
 * through, objects read through, and settings are kept and applied once the package is loaded. A name the package
 * adds later is not exported by its facade, so an import of it fails the build.
 */
type FacadeExports = {
  functions: readonly string[];
  objects: readonly string[];
  settings: readonly string[];
  /** CommonJS packages are imported as a default as well; an ES module without one keeps failing such an import. */
  default: boolean;
};

/**
 * samlify's exports (tests/stacks/bundle-trims.test.ts checks that every name better-auth's SSO plugin reads is
 * here).
 */
export const SAMLIFY_EXPORTS = {
  functions: [
    "ServiceProvider",
    "IdentityProvider",
    "ServiceProviderInstance",
    "IdentityProviderInstance",
    "SPMetadata",
    "IdPMetadata",
  ],
  objects: ["SamlLib", "Constants", "Utility", "Extractor"],
  settings: ["setSchemaValidator", "setDOMParserOptions"],
  default: true,
} as const satisfies FacadeExports;

/**
 * What better-auth's passkey plugin imports of SimpleWebAuthn's server package, its four calls (the same test checks
 * the plugin imports nothing else of it).
 */
export const WEBAUTHN_EXPORTS = {
  functions: [
    "generateRegistrationOptions",
    "verifyRegistrationResponse",
    "generateAuthenticationOptions",
    "verifyAuthenticationResponse",
  ],
  objects: [],
  settings: [],
  default: false,
} as const satisfies FacadeExports;

/**
 * The facade of the package at `file` (a JSON string): `require` inside `load` is bundled as a call, so the
 * package's modules run on the first use.
 */
function facade(file: string, exports: FacadeExports): string {
  const { functions, objects, settings } = exports;
  return [
    "let real;",
    "const pending = [];",
    `function load() { if (!real) { real = require(${file}); for (const [name, args] of pending) real[name](...args); } return real; }`,
    ...functions.map(
      (f) =>
        `export function ${f}(...args) { return new.target ? Reflect.construct(load().${f}, args) : load().${f}(...args); }`,
    ),
    ...objects.map(
      (o) =>
        `export const ${o} = new Proxy({}, { get(_, key) { const target = load().${o}; const value = target[key]; return typeof value === "function" ? value.bind(target) : value; }, has(_, key) { return key in load().${o}; }, ownKeys() { return Reflect.ownKeys(load().${o}); }, getOwnPropertyDescriptor(_, key) { const d = Reflect.getOwnPropertyDescriptor(load().${o}, key); return d && { ...d, configurable: true }; } });`,
    ),
    ...settings.map(
      (s) => `export function ${s}(...args) { if (real) real.${s}(...args); else pending.push(["${s}", args]); }`,
    ),
    ...(exports.default ? [`export default { ${[...functions, ...objects, ...settings].join(", ")} };`] : []),
  ].join("\n");
}

/**
 * Imports of `name` resolve to a facade with the exports given, which loads the package on first use and replays
 * the settings made before. The code stays in the bundle; its modules run when a route first needs them. One facade
 * per copy of the package (keyed by its resolved file), so every importer of that copy shares its settings.
 */
function lazyPackage(name: string, exports: FacadeExports): EsbuildPlugin {
  const namespace = `lazy-${name}`;
  const filter = new RegExp(`^${name.replace(/[/.@-]/g, "\\$&")}$`);
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === namespace) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: namespace,
        });
        return resolved.errors.length > 0 ? undefined : { path: resolved.path, namespace };
      });
      build.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: facade(JSON.stringify(args.path), exports),
        resolveDir: dirname(args.path),
        loader: "js",
      }));
    },
  };
}

/**
 * samlify (with xml-crypto, xml-encryption, xmldom, node-rsa: about 1 MB of the auth proxy) runs only for SAML
 * sign-ins, but better-auth's SSO plugin imports it at its top level and sets its schema validator there, so every
 * cold start of the auth proxy ran all of it (docs/deployment.md, "What ships").
 */
export const lazySamlify = lazyPackage("samlify", SAMLIFY_EXPORTS);

/**
 * SimpleWebAuthn's server package (with its ASN.1, X.509 and CBOR readers: about 330 KB of the auth proxy) runs
 * only when a passkey is registered or used, but the passkey plugin imports it at its top level
 * (docs/deployment.md, "What ships").
 */
export const lazyWebAuthn = lazyPackage("@simplewebauthn/server", WEBAUTHN_EXPORTS);

/** A package's lock entry as npm writes it in `package-lock.json` (`packages`, keyed by install path). */
type LockEntry = {
  integrity?: string;
  dependencies?: Record<string, string>;
  dev?: boolean;
  devOptional?: boolean;
};

const MODULES = "node_modules/";

/** The install path of a package (`node_modules/a/node_modules/@s/b`) → its name (`@s/b`). */
const nameAt = (installPath: string) => installPath.slice(installPath.lastIndexOf(MODULES) + MODULES.length);

/** The package a bare specifier names: `@s/b/x.js` → `@s/b`, `b/x` → `b`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * For a project's lockfile: each install path of a package that npm put in more than one place from the same
 * tarball (same name and integrity), that has no dependencies of its own and is not for development only → the
 * first such path, in sorted order. Only those are merged: their files are byte for byte the same and nothing they
 * import resolves from where they lie, so one copy behaves as each would.
 */
function identicalCopies(root: string): Map<string, string> {
  const { packages } = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const byTarball = new Map<string, string[]>();
  for (const [installPath, entry] of Object.entries(packages)) {
    // A development-only install path may be missing where a deploy installs without them.
    if (!installPath || !entry.integrity || entry.dependencies || entry.dev || entry.devOptional) continue;
    const key = `${nameAt(installPath)} ${entry.integrity}`;
    byTarball.set(key, [...(byTarball.get(key) ?? []), installPath]);
  }
  const canonical = new Map<string, string>();
  for (const paths of byTarball.values()) {
    if (paths.length < 2) continue;
    const [first] = [...paths].sort();
    for (const p of paths) if (p !== first) canonical.set(p, first!);
  }
  return canonical;
}

/**
 * npm installs a package once per place whose dependents cannot share a copy: samlify, xml-crypto and
 * xml-encryption each carry their own @xmldom/xmldom 0.8.15 because better-auth's SSO plugin puts 0.9 at the top,
 * and esbuild bundles each copy, three times the same 71 KB in the auth function. Imports that resolve into such a
 * copy are pointed at one copy of the same tarball (`identicalCopies`), as a flat install would have them
 * (docs/deployment.md, "What ships"). Other versions stay apart: xml-crypto's and xml-encryption's own xpath
 * releases are not the same code.
 */
export const oneCopyPerTarball: EsbuildPlugin = {
  name: "one-copy-per-tarball",
  setup(build) {
    const lockfiles = new Map<string, { copies: Map<string, string>; names: Set<string> }>();
    const copiesOf = (root: string) => {
      let known = lockfiles.get(root);
      if (!known) {
        let copies = new Map<string, string>();
        try {
          copies = identicalCopies(root);
        } catch {
          // No lockfile (or not npm's): nothing is known to be the same, so nothing is merged.
        }
        known = { copies, names: new Set([...copies.keys()].map(nameAt)) };
        lockfiles.set(root, known);
      }
      return known;
    };
    build.onResolve({ filter: /^(@[^/]+\/)?[^./][^:]*$/ }, async (args) => {
      const at = args.importer.indexOf(`/${MODULES}`);
      if (at < 0 || args.pluginData === oneCopyPerTarball) return undefined;
      const root = args.importer.slice(0, at);
      const { copies, names } = copiesOf(root);
      if (!names.has(packageOf(args.path))) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: oneCopyPerTarball,
      });
      if (resolved.errors.length > 0 || !resolved.path.startsWith(`${root}/`)) return undefined;
      const relative = resolved.path.slice(root.length + 1);
      const installPath = `${relative.slice(0, relative.lastIndexOf(MODULES))}${MODULES}${packageOf(args.path)}`;
      const canonical = copies.get(installPath);
      if (!canonical || !relative.startsWith(`${installPath}/`)) return undefined;
      return { ...resolved, path: join(root, canonical, relative.slice(installPath.length)) };
    });
  },
};
