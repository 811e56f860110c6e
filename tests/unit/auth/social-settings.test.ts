import { authConfig } from "@functions/_runtime/auth";
import { parseEnv } from "@functions/_runtime/env";
import { describe, expect, it } from "vitest";

const SECRET = "s".repeat(40);
const config = (env: Record<string, string>) => authConfig(parseEnv(env), SECRET, "http://127.0.0.1:3000");

// docs/auth.md, "GitHub and Google": a provider is on with both halves of its client, off with neither.
describe("GitHub and Google settings", () => {
  it("turn a provider on with its client id and secret, with github.com and Google's issuer by default", () => {
    const social = config({
      SIGHTLINE_GITHUB_CLIENT_ID: "gh-id",
      SIGHTLINE_GITHUB_CLIENT_SECRET: "gh-secret",
      SIGHTLINE_GOOGLE_CLIENT_ID: "go-id",
      SIGHTLINE_GOOGLE_CLIENT_SECRET: "go-secret",
    }).social;

    expect(social).toEqual({
      github: {
        clientId: "gh-id",
        clientSecret: "gh-secret",
        url: "https://github.com",
        apiUrl: "https://api.github.com",
      },
      google: { clientId: "go-id", clientSecret: "go-secret", issuer: "https://accounts.google.com" },
    });
  });

  it("point GitHub at an Enterprise host and its API, and Google at another issuer", () => {
    const social = config({
      SIGHTLINE_GITHUB_CLIENT_ID: "id",
      SIGHTLINE_GITHUB_CLIENT_SECRET: "secret",
      SIGHTLINE_GITHUB_URL: "https://github.example.com",
      SIGHTLINE_GITHUB_API_URL: "https://github.example.com/api/v3",
      SIGHTLINE_GOOGLE_CLIENT_ID: "id",
      SIGHTLINE_GOOGLE_CLIENT_SECRET: "secret",
      SIGHTLINE_GOOGLE_ISSUER: "https://idp.example.com",
    }).social;

    expect(social.github).toMatchObject({
      url: "https://github.example.com",
      apiUrl: "https://github.example.com/api/v3",
    });
    expect(social.google).toMatchObject({ issuer: "https://idp.example.com" });
  });

  it("leave both off when unset", () => {
    expect(config({}).social).toEqual({});
  });

  it("stop start-up when only one half of a client is set, naming the settings and never the value", () => {
    expect(() => config({ SIGHTLINE_GITHUB_CLIENT_SECRET: "very-secret-value" })).toThrow(
      "Invalid configuration: SIGHTLINE_GITHUB_CLIENT_ID and SIGHTLINE_GITHUB_CLIENT_SECRET must be set together",
    );
    expect(() => config({ SIGHTLINE_GOOGLE_CLIENT_ID: "id" })).toThrow(
      "Invalid configuration: SIGHTLINE_GOOGLE_CLIENT_ID and SIGHTLINE_GOOGLE_CLIENT_SECRET must be set together",
    );
  });
});
