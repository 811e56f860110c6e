import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A WebAuthn authenticator in software, as a browser's platform authenticator answers: a P-256 key pair,
 * attestation "none", a signature counter. No maintained npm package emulates one outside a browser, and
 * SimpleWebAuthn (which better-auth's passkey plugin uses) verifies exactly these bytes.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer of `navigator.credentials.create()` to registration options, as JSON. */
  register(options: { challenge: string }): unknown {
    const clientDataJSON = this.clientData("webauthn.create", options.challenge);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([this.authData(0x45), Buffer.alloc(16), idLength, this.credentialId, cose]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * The answer of `navigator.credentials.get()`; `forge` signs other bytes than the ones sent; `userVerified: false`
   * answers with presence only (a security key without its PIN), the UV flag clear.
   */
  authenticate(options: { challenge: string }, { forge = false, userVerified = true } = {}): unknown {
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const authenticatorData = this.authData(userVerified ? 0x05 : 0x01);
    const signed = Buffer.concat([authenticatorData, sha256(forge ? Buffer.from("something else") : clientDataJSON)]);
    const signature = sign("sha256", signed, this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** rpIdHash, flags (UP 0x01, UV 0x04, AT 0x40), signature counter. */
  private authData(flags: number): Buffer {
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(Buffer.from(this.rpId)), Buffer.from([flags]), counter]);
  }
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");

/** The CBOR subset WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: unsupported ${typeof value}`);
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
