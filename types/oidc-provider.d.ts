/* `oidc-provider` (the tests' OpenID Provider) ships no declarations; the tests use it through this loose one. */
declare module "oidc-provider" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Provider: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Provider = any;
  export default Provider;
}
