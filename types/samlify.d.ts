/*
 * samlify's own declarations reference `lib="dom"` (through @xmldom/xmldom and xpath), which would swap Node's
 * fetch, Headers and BodyInit types for the browser's across the whole project. Type-checking resolves "samlify"
 * here instead (tsconfig `paths`); the SSO plugin and the SAML test IdP use it at runtime unchanged.
 */
declare const samlify: any;
export = samlify;
