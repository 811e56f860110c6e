/**
 * Generated from functions/api/openapi/openapi.json by openapi-typescript: do not edit. Refresh with `npm run openapi`
 * (the document and this file) or `npm run console:types` (this file). console/src/types.ts names what the console reads.
 */

export interface paths {
    "/v1/auth/{proxy+}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** better-auth's own endpoints (sign-up and sign-in are public by design); covered by tests/integration/auth */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        put?: never;
        /** better-auth's own endpoints (sign-up and sign-in are public by design); covered by tests/integration/auth */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth discovery metadata (RFC 8414, RFC 9728), public by design, as better-auth writes it; covered by tests/integration/mcp/oauth.test.ts and oauth-metadata.test.ts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server/{proxy+}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth discovery metadata (RFC 8414, RFC 9728), public by design, as better-auth writes it; covered by tests/integration/mcp/oauth.test.ts and oauth-metadata.test.ts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth discovery metadata (RFC 8414, RFC 9728), public by design, as better-auth writes it; covered by tests/integration/mcp/oauth.test.ts and oauth-metadata.test.ts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/{proxy+}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth discovery metadata (RFC 8414, RFC 9728), public by design, as better-auth writes it; covered by tests/integration/mcp/oauth.test.ts and oauth-metadata.test.ts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    proxy: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description better-auth's answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                "4XX": components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document, generated from the endpoints' zod schemas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is calling: the signed-in person with their organizations, roles, projects and CSRF token, or the API key */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                id: string;
                                email: string;
                                name: string;
                                twoFactorEnabled: boolean;
                                emailVerified: boolean;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string;
                                projects: {
                                    id: string;
                                    name: string;
                                }[];
                            }[];
                            csrfToken: string;
                        } | {
                            key: {
                                publicKey: string;
                                role: string;
                                projectId: string;
                            };
                            organizations: {
                                id: string;
                                name: string;
                                role: string;
                                projects: {
                                    id: string;
                                    name: string;
                                }[];
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth-consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an OAuth consent grants: the client's registered name, the host its redirect sends the code to, and the scopes in words */
        get: {
            parameters: {
                query: {
                    client_id: string;
                    redirect_uri: string;
                    /** @description space-separated, as the authorize request asked */
                    scope?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client: {
                                id: string;
                                /** @description the name the client registered itself with; null when it gave none */
                                name: string | null;
                                uri: string | null;
                                logoUri: string | null;
                            };
                            redirectUri: string;
                            /** @description where the authorization code goes */
                            redirectHost: string;
                            scopes: {
                                scope: string;
                                description: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's active API keys (never their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                publicKey: string;
                                secretKeyHint: string;
                                /** @enum {string} */
                                role: "VIEWER" | "MEMBER" | "ADMIN";
                                note: string | null;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Mint an API key for this project; the secret is returned in this answer only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default MEMBER
                         * @enum {string}
                         */
                        role?: "VIEWER" | "MEMBER" | "ADMIN";
                        note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            publicKey: string;
                            /** @enum {string} */
                            role: "VIEWER" | "MEMBER" | "ADMIN";
                            note: string | null;
                            createdAt: string;
                            secretKey: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Revoke an API key by id or publicKey; it gets 401 from its next call */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: string;
                        publicKey?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            publicKey: string;
                            revokedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        /** Change an API key's role or note; applies from the key's next call */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: string;
                        publicKey?: string;
                        /** @enum {string} */
                        role?: "VIEWER" | "MEMBER" | "ADMIN";
                        note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            publicKey: string;
                            secretKeyHint: string;
                            /** @enum {string} */
                            role: "VIEWER" | "MEMBER" | "ADMIN";
                            note: string | null;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the projects of this key's organization */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create a sibling project in this key's organization, with an ADMIN key of its own */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            publicKey: string;
                            secretKey: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memberships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the people of this key's organization and their roles, with pending invitations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                email: string;
                                /** @enum {string} */
                                role: "VIEWER" | "MEMBER" | "ADMIN" | "OWNER";
                                createdAt: string;
                                /** @enum {string} */
                                status: "active" | "invited";
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Add a person to the organization or change their role; an email whose address is not yet proven gets a pending invitation */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @enum {string} */
                        role: "VIEWER" | "MEMBER" | "ADMIN" | "OWNER";
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            /** @enum {string} */
                            role: "VIEWER" | "MEMBER" | "ADMIN" | "OWNER";
                            createdAt: string;
                            /** @enum {string} */
                            status: "active" | "invited";
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Remove a person from the organization or withdraw their invitation (the last OWNER stays) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's SSO identity providers, with the URLs their IdPs must be given (never a secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                /** @enum {string} */
                                type: "oidc" | "saml";
                                domain: string;
                                /** @enum {string} */
                                defaultRole: "ADMIN" | "MEMBER" | "VIEWER";
                                verified: boolean;
                                verifiedAt: string | null;
                                verificationRecord: {
                                    /** @constant */
                                    type: "TXT";
                                    name: string;
                                    value: string;
                                };
                                issuer: string;
                                clientId?: string;
                                hasClientSecret?: boolean;
                                entryPoint?: string;
                                redirectPath?: string;
                                acsPath?: string;
                                spEntityId?: string;
                                metadataPath?: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Register an OIDC or SAML identity provider for an email domain of the organization; the client secret is sealed and never returned */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "oidc";
                        domain: string;
                        /**
                         * @default VIEWER
                         * @enum {string}
                         */
                        defaultRole?: "ADMIN" | "MEMBER" | "VIEWER";
                        /** Format: uri */
                        issuer: string;
                        clientId: string;
                        clientSecret: string;
                        /** Format: uri */
                        discoveryEndpoint?: string;
                        /** Format: uri */
                        authorizationEndpoint?: string;
                        /** Format: uri */
                        tokenEndpoint?: string;
                        /** Format: uri */
                        jwksEndpoint?: string;
                        /** Format: uri */
                        userInfoEndpoint?: string;
                        /** @enum {string} */
                        tokenEndpointAuthentication?: "client_secret_basic" | "client_secret_post";
                        scopes?: string[];
                        /** @default true */
                        pkce?: boolean;
                    } | {
                        /** @constant */
                        type: "saml";
                        domain: string;
                        /**
                         * @default VIEWER
                         * @enum {string}
                         */
                        defaultRole?: "ADMIN" | "MEMBER" | "VIEWER";
                        /** Format: uri */
                        entryPoint: string;
                        cert: string;
                        entityId: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            type: "oidc" | "saml";
                            domain: string;
                            /** @enum {string} */
                            defaultRole: "ADMIN" | "MEMBER" | "VIEWER";
                            verified: boolean;
                            verifiedAt: string | null;
                            verificationRecord: {
                                /** @constant */
                                type: "TXT";
                                name: string;
                                value: string;
                            };
                            issuer: string;
                            clientId?: string;
                            hasClientSecret?: boolean;
                            entryPoint?: string;
                            redirectPath?: string;
                            acsPath?: string;
                            spEntityId?: string;
                            metadataPath?: string;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of the organization's SSO identity providers; people keep their memberships */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso-providers/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify an SSO provider's domain: looks up the TXT record its answer names; until then the provider signs no one in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            type: "oidc" | "saml";
                            domain: string;
                            /** @enum {string} */
                            defaultRole: "ADMIN" | "MEMBER" | "VIEWER";
                            verified: boolean;
                            verifiedAt: string | null;
                            verificationRecord: {
                                /** @constant */
                                type: "TXT";
                                name: string;
                                value: string;
                            };
                            issuer: string;
                            clientId?: string;
                            hasClientSecret?: boolean;
                            entryPoint?: string;
                            redirectPath?: string;
                            acsPath?: string;
                            spEntityId?: string;
                            metadataPath?: string;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit log of configuration changes in this project, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    action?: string;
                    targetType?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                actor: {
                                    type: string;
                                    id: string;
                                };
                                action: string;
                                target: {
                                    type: string;
                                    id: string;
                                };
                                details: unknown;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/automations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Automations of the project, by name; secrets are never returned (hasSecret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                                /** @enum {string} */
                                action: "webhook" | "slack" | "github";
                                target: string;
                                hasSecret: boolean;
                                filter: {
                                    column: string;
                                    /** @enum {string} */
                                    operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                                    value: (string | number | boolean) | (string | number | boolean)[];
                                }[] | null;
                                threshold: number | null;
                                enabled: boolean;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create an automation: a trigger, an action (webhook, slack, github) and its target; a webhook without a secret gets a signing secret, returned in this answer only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                        /** @enum {string} */
                        action: "webhook" | "slack" | "github";
                        /** @description webhook and slack: the URL; github: `<owner>/<repo>` */
                        target: string;
                        /** @description webhook: the signing secret (generated when absent); github: a token with access to the repository */
                        secret?: string;
                        /** @description Conditions on the event's data, all of which must hold */
                        filter?: {
                            column: string;
                            /** @enum {string} */
                            operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                            value: (string | number | boolean) | (string | number | boolean)[];
                        }[] | null;
                        /** @description score.created: fires only for a numeric value below it */
                        threshold?: number | null;
                        /** @default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                            /** @enum {string} */
                            action: "webhook" | "slack" | "github";
                            target: string;
                            hasSecret: boolean;
                            filter: {
                                column: string;
                                /** @enum {string} */
                                operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                                value: (string | number | boolean) | (string | number | boolean)[];
                            }[] | null;
                            threshold: number | null;
                            enabled: boolean;
                            createdAt: string;
                            updatedAt: string;
                            /** @description The generated webhook signing secret; shown in this answer only */
                            secret?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/automations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One automation */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                            /** @enum {string} */
                            action: "webhook" | "slack" | "github";
                            target: string;
                            hasSecret: boolean;
                            filter: {
                                column: string;
                                /** @enum {string} */
                                operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                                value: (string | number | boolean) | (string | number | boolean)[];
                            }[] | null;
                            threshold: number | null;
                            enabled: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Replace an automation's settings; an absent secret keeps the stored one while the action stays the same */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                        /** @enum {string} */
                        action: "webhook" | "slack" | "github";
                        /** @description webhook and slack: the URL; github: `<owner>/<repo>` */
                        target: string;
                        /** @description webhook: the signing secret (generated when absent); github: a token with access to the repository */
                        secret?: string;
                        /** @description Conditions on the event's data, all of which must hold */
                        filter?: {
                            column: string;
                            /** @enum {string} */
                            operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                            value: (string | number | boolean) | (string | number | boolean)[];
                        }[] | null;
                        /** @description score.created: fires only for a numeric value below it */
                        threshold?: number | null;
                        /** @default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            trigger: "score.created" | "trace.created" | "eval.completed" | "prompt.created" | "prompt.updated" | "prompt.label.moved" | "alert.firing" | "alert.resolved" | "comment.created";
                            /** @enum {string} */
                            action: "webhook" | "slack" | "github";
                            target: string;
                            hasSecret: boolean;
                            filter: {
                                column: string;
                                /** @enum {string} */
                                operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                                value: (string | number | boolean) | (string | number | boolean)[];
                            }[] | null;
                            threshold: number | null;
                            enabled: boolean;
                            createdAt: string;
                            updatedAt: string;
                            /** @description The generated webhook signing secret; shown in this answer only */
                            secret?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Delete an automation with its delivery log */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/automations/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a sample event of the automation's trigger once, now, and answer the delivery with its outcome (not retried) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            eventId: string;
                            type: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            responseStatus: number | null;
                            error: string | null;
                            durationMs: number | null;
                            nextAttemptAt: string | null;
                            /** @description Every attempt, oldest first */
                            attemptLog: {
                                attempt: number;
                                at: string;
                                responseStatus: number | null;
                                error: string | null;
                                durationMs: number;
                            }[];
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/automations/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The automation's deliveries, newest first, each with its status, attempts and every attempt's outcome */
        get: {
            parameters: {
                query?: {
                    status?: "pending" | "succeeded" | "failed";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                eventId: string;
                                type: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                attempts: number;
                                responseStatus: number | null;
                                error: string | null;
                                durationMs: number | null;
                                nextAttemptAt: string | null;
                                /** @description Every attempt, oldest first */
                                attemptLog: {
                                    attempt: number;
                                    at: string;
                                    responseStatus: number | null;
                                    error: string | null;
                                    durationMs: number;
                                }[];
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/automations/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a succeeded or failed delivery again now, as a new series of attempts; 409 while it is pending */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            eventId: string;
                            type: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            responseStatus: number | null;
                            error: string | null;
                            durationMs: number | null;
                            nextAttemptAt: string | null;
                            /** @description Every attempt, oldest first */
                            attemptLog: {
                                attempt: number;
                                at: string;
                                responseStatus: number | null;
                                error: string | null;
                                durationMs: number;
                            }[];
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-sink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's event sink (the key is never returned: hasApiKey), with its waiting and failed event counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            hasApiKey: boolean;
                            events: ("trace" | "score")[];
                            enabled: boolean;
                            /** @description Events waiting for their batch */
                            pending: number;
                            /** @description Events given up after the last attempt */
                            failed: number;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Set the project's event sink: a capture-style API that receives trace and score events in batches; the key is sealed */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The capture API's base URL; batches go to `<url>/batch/` */
                        url: string;
                        /** @description The capture API key; kept when absent on an update */
                        apiKey?: string;
                        events: ("trace" | "score")[];
                        /** @default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            hasApiKey: boolean;
                            events: ("trace" | "score")[];
                            enabled: boolean;
                            /** @description Events waiting for their batch */
                            pending: number;
                            /** @description Events given up after the last attempt */
                            failed: number;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Remove the project's event sink and the events waiting for it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's prompts by name; filter by name, folder, label or type */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    name?: string;
                    folder?: string;
                    label?: string;
                    type?: "TEXT" | "CHAT";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                name: string;
                                folder: string | null;
                                /** @enum {string} */
                                type: "TEXT" | "CHAT";
                                latestVersion: number;
                                labels: string[];
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Save the next immutable version of a prompt; `latest` and the given labels move to it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        folder?: string | null;
                        /** @default {} */
                        config?: {
                            [key: string]: unknown;
                        };
                        /** @default [] */
                        labels?: string[];
                        commitMessage?: string | null;
                        /** @constant */
                        type: "TEXT";
                        content: string;
                    } | {
                        name: string;
                        folder?: string | null;
                        /** @default {} */
                        config?: {
                            [key: string]: unknown;
                        };
                        /** @default [] */
                        labels?: string[];
                        commitMessage?: string | null;
                        /** @constant */
                        type: "CHAT";
                        content: ({
                            /** @constant */
                            type: "placeholder";
                            name: string;
                        } | {
                            role: string;
                            content: string;
                            /** @constant */
                            type?: "chatmessage";
                        })[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            folder: string | null;
                            /** @enum {string} */
                            type: "TEXT" | "CHAT";
                            version: number;
                            content: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            commitMessage: string | null;
                            createdAt: string;
                            resolved: boolean;
                            placeholders: string[];
                            variables: string[];
                            includes: {
                                name: string;
                                label: string | null;
                                version: number | null;
                            }[];
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            versions: {
                                version: number;
                                /** @enum {string} */
                                type: "TEXT" | "CHAT";
                                labels: string[];
                                commitMessage: string | null;
                                createdAt: string;
                            }[];
                            channels: {
                                [key: string]: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prompts/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prompt detail: the latest raw body (includes unexpanded), or with ?channel= or ?version= that version resolved */
        get: {
            parameters: {
                query?: {
                    channel?: string;
                    version?: number;
                    resolve?: "true" | "false";
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            folder: string | null;
                            /** @enum {string} */
                            type: "TEXT" | "CHAT";
                            version: number;
                            content: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            commitMessage: string | null;
                            createdAt: string;
                            resolved: boolean;
                            placeholders: string[];
                            variables: string[];
                            includes: {
                                name: string;
                                label: string | null;
                                version: number | null;
                            }[];
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            versions: {
                                version: number;
                                /** @enum {string} */
                                type: "TEXT" | "CHAT";
                                labels: string[];
                                commitMessage: string | null;
                                createdAt: string;
                            }[];
                            channels: {
                                [key: string]: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Delete a prompt with every version and label */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            deletedVersions: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        /** Rename a prompt; includes written with the old name then fail to resolve (422) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            folder: string | null;
                            /** @enum {string} */
                            type: "TEXT" | "CHAT";
                            version: number;
                            content: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            commitMessage: string | null;
                            createdAt: string;
                            resolved: boolean;
                            placeholders: string[];
                            variables: string[];
                            includes: {
                                name: string;
                                label: string | null;
                                version: number | null;
                            }[];
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            versions: {
                                version: number;
                                /** @enum {string} */
                                type: "TEXT" | "CHAT";
                                labels: string[];
                                commitMessage: string | null;
                                createdAt: string;
                            }[];
                            channels: {
                                [key: string]: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/v1/prompts/{name}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Point a label (channel) at a version of the prompt */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        label: string;
                        version: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            label: string;
                            version: number;
                            fromVersion: number | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prompts/{name}/compile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Compile a prompt (channel `production` unless told): includes expanded, variables substituted, placeholder slots filled or removed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default {} */
                        variables?: {
                            [key: string]: string | number | boolean;
                        };
                        /** @default {} */
                        placeholders?: {
                            [key: string]: {
                                role: string;
                                content: string;
                            }[];
                        };
                        channel?: string;
                        version?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            version: number;
                            /** @enum {string} */
                            type: "TEXT" | "CHAT";
                            labels: string[];
                            config: {
                                [key: string]: unknown;
                            };
                            compiled: string | {
                                role: string;
                                content: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/playground/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stream a completion from a provider with this project's credentials (server-sent events: start, delta, tool_call, then done with usage, cost and latency, or error); messages, or a prompt by name and version or label compiled here; recorded as a trace in the environment sightline */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                        model: string;
                        /** @description A stored prompt compiled server-side; its messages come first */
                        prompt?: {
                            name: string;
                            version?: number;
                            /** @description The channel to resolve; `production` when neither version nor label is given */
                            label?: string;
                            /** @default {} */
                            variables?: {
                                [key: string]: string | number | boolean;
                            };
                            /** @default {} */
                            placeholders?: {
                                [key: string]: {
                                    role: string;
                                    content: string;
                                }[];
                            };
                        };
                        /**
                         * @description Messages, after the prompt's when both are given
                         * @default []
                         */
                        messages?: {
                            /** @enum {string} */
                            role: "system" | "user" | "assistant" | "tool";
                            /** @default  */
                            content?: string;
                            /** @description An assistant turn's tool calls */
                            toolCalls?: {
                                id: string;
                                name: string;
                                arguments: string;
                            }[];
                            /** @description A tool message answers this call */
                            toolCallId?: string;
                        }[];
                        /** @default {} */
                        parameters?: {
                            temperature?: number;
                            maxTokens?: number;
                            topP?: number;
                            stop?: string[];
                        };
                        tools?: {
                            name: string;
                            description?: string;
                            /**
                             * @description The arguments' JSON Schema
                             * @default {
                             *       "type": "object",
                             *       "properties": {}
                             *     }
                             */
                            parameters?: {
                                [key: string]: unknown;
                            };
                        }[];
                        toolChoice?: ("auto" | "none" | "required") | {
                            name: string;
                        };
                        /** @description Structured output: JSON, or JSON that the schema describes */
                        responseFormat?: {
                            /** @constant */
                            type: "json_object";
                        } | {
                            /** @constant */
                            type: "json_schema";
                            /** @default response */
                            name?: string;
                            schema: {
                                [key: string]: unknown;
                            };
                            strict?: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Server-sent events: `start` {traceId, provider, model, messages, prompt}; `delta` {text}; `tool_call` {index, id?, name?, arguments}; then `done` {traceId, model, finishReason, output: {text, toolCalls}, usage: {input, output, total}, costUsd, latency: {totalMs, timeToFirstTokenMs}} or `error` {code, message, traceId} */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
                502: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export every row of the traces, observations or scores list as JSONL or CSV, streamed: `table`, `format`, and the filters of that list (GET /v1/traces, /v1/observations, /v1/scores), without limit or cursor; rows come in the table's key order (trace id, then id), not the list's orderBy */
        get: {
            parameters: {
                query: {
                    table: "traces" | "observations" | "scores";
                    format?: "jsonl" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One row per line (JSONL) or per CSV record (RFC 4180, a header first; nested values as JSON text), with the fields of the list's rows; `Content-Disposition` names the file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                        "text/csv": string;
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
                502: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's scheduled exports to S3, with each one's mark (every row received before it has been exported) and last error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                bucket: string;
                                prefix: string;
                                region: string;
                                endpoint: string | null;
                                accessKeyId: string | null;
                                hasCredentials: boolean;
                                /** @enum {string} */
                                format: "jsonl" | "csv";
                                tables: ("traces" | "observations" | "scores")[];
                                /** @enum {string} */
                                frequency: "hourly" | "daily";
                                enabled: boolean;
                                /** @description every row received before this instant has been exported (the high-water mark) */
                                lastExportedAt: string;
                                lastRunAt: string | null;
                                lastError: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Schedule an export of traces, observations and/or scores to an S3 bucket, hourly or daily; keys are sealed, or the service's own role writes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        bucket: string;
                        /** @default  */
                        prefix?: string;
                        /** @default us-east-1 */
                        region?: string;
                        /**
                         * @description an S3-compatible endpoint (MinIO, R2); AWS's S3 when null
                         * @default null
                         */
                        endpoint?: string | null;
                        /** @description the bucket's own keys, sealed at rest; null: the service's own credentials (the function's role on AWS); absent on update: keep the stored keys */
                        credentials?: {
                            accessKeyId: string;
                            secretAccessKey: string;
                        } | null;
                        /**
                         * @default jsonl
                         * @enum {string}
                         */
                        format?: "jsonl" | "csv";
                        tables: ("traces" | "observations" | "scores")[];
                        /** @enum {string} */
                        frequency: "hourly" | "daily";
                        /** @default true */
                        enabled?: boolean;
                        /** @description on create: export rows received from this instant (rounded down to the period); now by default */
                        startFrom?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            bucket: string;
                            prefix: string;
                            region: string;
                            endpoint: string | null;
                            accessKeyId: string | null;
                            hasCredentials: boolean;
                            /** @enum {string} */
                            format: "jsonl" | "csv";
                            tables: ("traces" | "observations" | "scores")[];
                            /** @enum {string} */
                            frequency: "hourly" | "daily";
                            enabled: boolean;
                            /** @description every row received before this instant has been exported (the high-water mark) */
                            lastExportedAt: string;
                            lastRunAt: string | null;
                            lastError: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export-configs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One scheduled export */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            bucket: string;
                            prefix: string;
                            region: string;
                            endpoint: string | null;
                            accessKeyId: string | null;
                            hasCredentials: boolean;
                            /** @enum {string} */
                            format: "jsonl" | "csv";
                            tables: ("traces" | "observations" | "scores")[];
                            /** @enum {string} */
                            frequency: "hourly" | "daily";
                            enabled: boolean;
                            /** @description every row received before this instant has been exported (the high-water mark) */
                            lastExportedAt: string;
                            lastRunAt: string | null;
                            lastError: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Replace a scheduled export's definition (keys absent: kept; null: removed); its mark is kept */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        bucket: string;
                        /** @default  */
                        prefix?: string;
                        /** @default us-east-1 */
                        region?: string;
                        /**
                         * @description an S3-compatible endpoint (MinIO, R2); AWS's S3 when null
                         * @default null
                         */
                        endpoint?: string | null;
                        /** @description the bucket's own keys, sealed at rest; null: the service's own credentials (the function's role on AWS); absent on update: keep the stored keys */
                        credentials?: {
                            accessKeyId: string;
                            secretAccessKey: string;
                        } | null;
                        /**
                         * @default jsonl
                         * @enum {string}
                         */
                        format?: "jsonl" | "csv";
                        tables: ("traces" | "observations" | "scores")[];
                        /** @enum {string} */
                        frequency: "hourly" | "daily";
                        /** @default true */
                        enabled?: boolean;
                        /** @description on create: export rows received from this instant (rounded down to the period); now by default */
                        startFrom?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            bucket: string;
                            prefix: string;
                            region: string;
                            endpoint: string | null;
                            accessKeyId: string | null;
                            hasCredentials: boolean;
                            /** @enum {string} */
                            format: "jsonl" | "csv";
                            tables: ("traces" | "observations" | "scores")[];
                            /** @enum {string} */
                            frequency: "hourly" | "daily";
                            enabled: boolean;
                            /** @description every row received before this instant has been exported (the high-water mark) */
                            lastExportedAt: string;
                            lastRunAt: string | null;
                            lastError: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Remove a scheduled export (the objects it wrote stay in the bucket) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's evaluators by name, each with its newest definition; filter by name, kind or online */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    name?: string;
                    kind?: "JUDGE" | "CODE";
                    online?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                kind: "JUDGE" | "CODE";
                                description: string | null;
                                prompt: string | null;
                                provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                                model: string | null;
                                expression: string | null;
                                jurors: {
                                    /** @enum {string} */
                                    provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                    model: string;
                                }[];
                                online: boolean;
                                samplingRate: number;
                                filterName: string | null;
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                cooldownSeconds: number | null;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                scoreName: string | null;
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @default null */
                                guardrail: {
                                    threshold: number;
                                } | null;
                                id: string;
                                name: string;
                                version: number;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create an evaluator (version 1): a judge prompt (kind JUDGE, the default) or a code expression (kind CODE, compiled at save: a broken one is a 400 naming the position) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default JUDGE
                         * @enum {string}
                         */
                        kind?: "JUDGE" | "CODE";
                        description?: string | null;
                        /** @description Judge prompt (JUDGE); `{{variable}}` references are substituted */
                        prompt?: string | null;
                        provider?: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                        model?: string | null;
                        /** @description Expression of a CODE evaluator, compiled at save. Code evaluator expressions are bounded: parser depth 64, 10000 evaluated nodes per evaluation, `matches` subject 100000 characters, strings built with + at most 1000000 characters, regular expressions of at most 1000 matcher instructions and without nested repetition, 10000000 matcher steps per evaluation. Each breach is an error naming the limit. */
                        expression?: string | null;
                        /** @default [] */
                        jurors?: {
                            /** @enum {string} */
                            provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                            model: string;
                        }[];
                        /** @default false */
                        online?: boolean;
                        /** @default 1 */
                        samplingRate?: number;
                        filterName?: string | null;
                        /**
                         * @default trace
                         * @enum {string}
                         */
                        scope?: "trace" | "thread" | "observation";
                        /** @description Thread scope only; default 900 */
                        cooldownSeconds?: number | null;
                        /**
                         * @default NUMERIC
                         * @enum {string}
                         */
                        scoreDataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        /** @default [] */
                        scoreCategories?: string[];
                        scoreName?: string | null;
                        /** @default [] */
                        variableMapping?: {
                            variable: string;
                            /** @enum {string} */
                            source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                            jsonPath?: string | null;
                            observationName?: string | null;
                        }[];
                        /** @description Makes the evaluator usable by POST /v1/guardrails/check: a score below the threshold fails */
                        guardrail?: {
                            threshold: number;
                        } | null;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            kind: "JUDGE" | "CODE";
                            description: string | null;
                            prompt: string | null;
                            provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                            model: string | null;
                            expression: string | null;
                            jurors: {
                                /** @enum {string} */
                                provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                model: string;
                            }[];
                            online: boolean;
                            samplingRate: number;
                            filterName: string | null;
                            /** @enum {string} */
                            scope: "trace" | "thread" | "observation";
                            cooldownSeconds: number | null;
                            /** @enum {string} */
                            scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            scoreCategories: string[];
                            scoreName: string | null;
                            variableMapping: {
                                variable: string;
                                /** @enum {string} */
                                source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                jsonPath: string | null;
                                observationName: string | null;
                            }[];
                            /** @default null */
                            guardrail: {
                                threshold: number;
                            } | null;
                            id: string;
                            name: string;
                            version: number;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Every version, newest first */
                            versions: {
                                /** @enum {string} */
                                kind: "JUDGE" | "CODE";
                                description: string | null;
                                prompt: string | null;
                                provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                                model: string | null;
                                expression: string | null;
                                jurors: {
                                    /** @enum {string} */
                                    provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                    model: string;
                                }[];
                                online: boolean;
                                samplingRate: number;
                                filterName: string | null;
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                cooldownSeconds: number | null;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                scoreName: string | null;
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @default null */
                                guardrail: {
                                    threshold: number;
                                } | null;
                                version: number;
                                createdBy: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ready-made code checks (regex, JSON shape, length, exact match, contains, numeric range and more), each an editable expression */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                description: string;
                                expression: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prebuilt judge prompts: RAG/quality dimensions, conversation quality, agent trajectory; each with its {{variables}} and a suggested mapping */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                category: "rag" | "quality" | "conversation" | "agent";
                                description: string;
                                /** @constant */
                                kind: "JUDGE";
                                prompt: string;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                /** @description Suggested mapping; an empty one keeps the built-in binding (input, output, expectedOutput) */
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @description `{{variable}}` names of the prompt */
                                variables: string[];
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/from-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an evaluator from a template; any evaluator field given overrides the template's, the name defaults to the template id */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        template: string;
                        /** @description Defaults to the template id */
                        name?: string;
                        description?: string | null;
                        prompt?: string;
                        provider?: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                        model?: string | null;
                        jurors?: {
                            /** @enum {string} */
                            provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                            model: string;
                        }[];
                        online?: boolean;
                        samplingRate?: number;
                        filterName?: string | null;
                        /** @enum {string} */
                        scope?: "trace" | "thread" | "observation";
                        cooldownSeconds?: number | null;
                        /** @enum {string} */
                        scoreDataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        scoreCategories?: string[];
                        scoreName?: string | null;
                        variableMapping?: {
                            variable: string;
                            /** @enum {string} */
                            source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                            jsonPath?: string | null;
                            observationName?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            kind: "JUDGE" | "CODE";
                            description: string | null;
                            prompt: string | null;
                            provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                            model: string | null;
                            expression: string | null;
                            jurors: {
                                /** @enum {string} */
                                provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                model: string;
                            }[];
                            online: boolean;
                            samplingRate: number;
                            filterName: string | null;
                            /** @enum {string} */
                            scope: "trace" | "thread" | "observation";
                            cooldownSeconds: number | null;
                            /** @enum {string} */
                            scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            scoreCategories: string[];
                            scoreName: string | null;
                            variableMapping: {
                                variable: string;
                                /** @enum {string} */
                                source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                jsonPath: string | null;
                                observationName: string | null;
                            }[];
                            /** @default null */
                            guardrail: {
                                threshold: number;
                            } | null;
                            id: string;
                            name: string;
                            version: number;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Every version, newest first */
                            versions: {
                                /** @enum {string} */
                                kind: "JUDGE" | "CODE";
                                description: string | null;
                                prompt: string | null;
                                provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                                model: string | null;
                                expression: string | null;
                                jurors: {
                                    /** @enum {string} */
                                    provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                    model: string;
                                }[];
                                online: boolean;
                                samplingRate: number;
                                filterName: string | null;
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                cooldownSeconds: number | null;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                scoreName: string | null;
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @default null */
                                guardrail: {
                                    threshold: number;
                                } | null;
                                version: number;
                                createdBy: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/test-expression": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dry-run a code evaluator expression on a sample item: the raw value even when it is not a valid score */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Code evaluator expressions are bounded: parser depth 64, 10000 evaluated nodes per evaluation, `matches` subject 100000 characters, strings built with + at most 1000000 characters, regular expressions of at most 1000 matcher instructions and without nested repetition, 10000000 matcher steps per evaluation. Each breach is an error naming the limit. */
                        expression: string;
                        /**
                         * @description `input`, `output`, `expected`, `metadata`; any other key is passed as a mapped variable
                         * @default {}
                         */
                        item?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            value: unknown;
                            valid: boolean;
                            error: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/backfills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Backfills of the project, newest first, with their progress (processed, failed) and the recorded cap */
        get: {
            parameters: {
                query?: {
                    evaluator?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                evaluator: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed";
                                total: number;
                                /** @description Traces handled so far, failed ones included */
                                processed: number;
                                failed: number;
                                cap: number;
                                /** @description The window held more sampled traces than the cap: only the newest `cap` are scored */
                                capped: boolean;
                                error: string | null;
                                createdAt: string;
                                finishedAt: string | null;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/backfills/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many traces of the last `days` days match the filters and the evaluator's filterName, and how many a backfill would score (its sample, at most the cap) */
        get: {
            parameters: {
                query: {
                    evaluator: string;
                    /** @description The window: traces of the last `days` days */
                    days: number;
                    /** @description JSON array of {column, operator, value}, as on GET /v1/traces */
                    filter?: string;
                    name?: string;
                    userId?: string;
                    sessionId?: string;
                    environment?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The window's traces that match the filters and the evaluator's filterName */
                            traces: number;
                            cap: number;
                            /** @description Those in the evaluator's deterministic sample, at most the cap */
                            wouldScore: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An evaluator with its version history (newest first); the top level shows the newest version, or ?version= */
        get: {
            parameters: {
                query?: {
                    version?: number;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            kind: "JUDGE" | "CODE";
                            description: string | null;
                            prompt: string | null;
                            provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                            model: string | null;
                            expression: string | null;
                            jurors: {
                                /** @enum {string} */
                                provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                model: string;
                            }[];
                            online: boolean;
                            samplingRate: number;
                            filterName: string | null;
                            /** @enum {string} */
                            scope: "trace" | "thread" | "observation";
                            cooldownSeconds: number | null;
                            /** @enum {string} */
                            scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            scoreCategories: string[];
                            scoreName: string | null;
                            variableMapping: {
                                variable: string;
                                /** @enum {string} */
                                source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                jsonPath: string | null;
                                observationName: string | null;
                            }[];
                            /** @default null */
                            guardrail: {
                                threshold: number;
                            } | null;
                            id: string;
                            name: string;
                            version: number;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Every version, newest first */
                            versions: {
                                /** @enum {string} */
                                kind: "JUDGE" | "CODE";
                                description: string | null;
                                prompt: string | null;
                                provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                                model: string | null;
                                expression: string | null;
                                jurors: {
                                    /** @enum {string} */
                                    provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                    model: string;
                                }[];
                                online: boolean;
                                samplingRate: number;
                                filterName: string | null;
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                cooldownSeconds: number | null;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                scoreName: string | null;
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @default null */
                                guardrail: {
                                    threshold: number;
                                } | null;
                                version: number;
                                createdBy: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Save the next version of an evaluator: the whole definition, as for create */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default JUDGE
                         * @enum {string}
                         */
                        kind?: "JUDGE" | "CODE";
                        description?: string | null;
                        /** @description Judge prompt (JUDGE); `{{variable}}` references are substituted */
                        prompt?: string | null;
                        provider?: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                        model?: string | null;
                        /** @description Expression of a CODE evaluator, compiled at save. Code evaluator expressions are bounded: parser depth 64, 10000 evaluated nodes per evaluation, `matches` subject 100000 characters, strings built with + at most 1000000 characters, regular expressions of at most 1000 matcher instructions and without nested repetition, 10000000 matcher steps per evaluation. Each breach is an error naming the limit. */
                        expression?: string | null;
                        /** @default [] */
                        jurors?: {
                            /** @enum {string} */
                            provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                            model: string;
                        }[];
                        /** @default false */
                        online?: boolean;
                        /** @default 1 */
                        samplingRate?: number;
                        filterName?: string | null;
                        /**
                         * @default trace
                         * @enum {string}
                         */
                        scope?: "trace" | "thread" | "observation";
                        /** @description Thread scope only; default 900 */
                        cooldownSeconds?: number | null;
                        /**
                         * @default NUMERIC
                         * @enum {string}
                         */
                        scoreDataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        /** @default [] */
                        scoreCategories?: string[];
                        scoreName?: string | null;
                        /** @default [] */
                        variableMapping?: {
                            variable: string;
                            /** @enum {string} */
                            source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                            jsonPath?: string | null;
                            observationName?: string | null;
                        }[];
                        /** @description Makes the evaluator usable by POST /v1/guardrails/check: a score below the threshold fails */
                        guardrail?: {
                            threshold: number;
                        } | null;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            kind: "JUDGE" | "CODE";
                            description: string | null;
                            prompt: string | null;
                            provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                            model: string | null;
                            expression: string | null;
                            jurors: {
                                /** @enum {string} */
                                provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                model: string;
                            }[];
                            online: boolean;
                            samplingRate: number;
                            filterName: string | null;
                            /** @enum {string} */
                            scope: "trace" | "thread" | "observation";
                            cooldownSeconds: number | null;
                            /** @enum {string} */
                            scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            scoreCategories: string[];
                            scoreName: string | null;
                            variableMapping: {
                                variable: string;
                                /** @enum {string} */
                                source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                jsonPath: string | null;
                                observationName: string | null;
                            }[];
                            /** @default null */
                            guardrail: {
                                threshold: number;
                            } | null;
                            id: string;
                            name: string;
                            version: number;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Every version, newest first */
                            versions: {
                                /** @enum {string} */
                                kind: "JUDGE" | "CODE";
                                description: string | null;
                                prompt: string | null;
                                provider: ("mock" | "openai" | "anthropic" | "openai-compatible") | null;
                                model: string | null;
                                expression: string | null;
                                jurors: {
                                    /** @enum {string} */
                                    provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                    model: string;
                                }[];
                                online: boolean;
                                samplingRate: number;
                                filterName: string | null;
                                /** @enum {string} */
                                scope: "trace" | "thread" | "observation";
                                cooldownSeconds: number | null;
                                /** @enum {string} */
                                scoreDataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                scoreCategories: string[];
                                scoreName: string | null;
                                variableMapping: {
                                    variable: string;
                                    /** @enum {string} */
                                    source: "trace.input" | "trace.output" | "trace.metadata" | "observation.input" | "observation.output" | "observation.metadata" | "dataset.input" | "dataset.expectedOutput" | "dataset.metadata";
                                    jsonPath: string | null;
                                    observationName: string | null;
                                }[];
                                /** @default null */
                                guardrail: {
                                    threshold: number;
                                } | null;
                                version: number;
                                createdBy: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/{name}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run an evaluator on a trace (or one of its observations): writes a score with source EVAL (re-runs overwrite it) and appends eval.completed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        traceId: string;
                        /** @description Score this observation of the trace; its input, output and metadata become the built-in binding */
                        observationId?: string | null;
                        /** @description Overrides the trace's input (any JSON); with input or output given the trace need not be stored yet */
                        input?: unknown;
                        /** @description Overrides the trace's output (any JSON) */
                        output?: unknown;
                        /** @description The `dataset.expectedOutput` source and the built-in `expectedOutput` (`expected` for CODE) until dataset runs provide it */
                        expectedOutput?: unknown;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            score: {
                                id: string;
                                name: string;
                                value: number | null;
                                stringValue: string | null;
                                /** @enum {string} */
                                dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                /** @constant */
                                source: "EVAL";
                                comment: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/{name}/backfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a backfill: the evaluator scores the newest traces of the last `days` days (its sample, at most 5000) on the worker; 202 at once, 409 while one runs, 400 for thread scope */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        days: number;
                        /** @description Conditions {column, operator, value} as on GET /v1/traces: an array or its JSON text */
                        filter?: string | {
                            [key: string]: unknown;
                        }[];
                        name?: string;
                        userId?: string;
                        sessionId?: string;
                        environment?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            evaluator: string;
                            /** @constant */
                            status: "queued";
                            total: number;
                            cap: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluators/{name}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An evaluator's execution log, newest first: each evaluation completed (with its score), failed (with the reason) or skipped; filter by status or trigger */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "completed" | "failed" | "skipped";
                    trigger?: "online" | "thread" | "backfill" | "experiment" | "manual" | "guardrail";
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                /** @enum {string} */
                                trigger: "online" | "thread" | "backfill" | "experiment" | "manual" | "guardrail";
                                target: {
                                    traceId: string;
                                    observationId?: string;
                                    sessionId?: string;
                                };
                                /** @enum {string} */
                                status: "completed" | "failed" | "skipped";
                                scoreId: string | null;
                                error: string | null;
                                startedAt: string;
                                finishedAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Review queues of the project, by name, with their pending and done counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                scoreName: string;
                                /** @enum {string} */
                                dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                categories: string[];
                                min: number | null;
                                max: number | null;
                                description: string | null;
                                pending: number;
                                done: number;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create a review queue: the score its reviewers write (scoreName, dataType, and the labels or range it takes); 409 when the name exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        scoreName: string;
                        /** @enum {string} */
                        dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        /** @description CATEGORICAL: the labels reviewers choose from (at least one) */
                        categories?: string[];
                        /** @description NUMERIC: the smallest value allowed */
                        min?: number | null;
                        /** @description NUMERIC: the largest value allowed */
                        max?: number | null;
                        description?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            scoreName: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            categories: string[];
                            min: number | null;
                            max: number | null;
                            description: string | null;
                            pending: number;
                            done: number;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-queues/{queue}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A review queue with its pending and done counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    queue: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            scoreName: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            categories: string[];
                            min: number | null;
                            max: number | null;
                            description: string | null;
                            pending: number;
                            done: number;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-queues/{queue}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Items of a review queue, oldest first, each with its trace's name, input, output and timestamp */
        get: {
            parameters: {
                query?: {
                    status?: "pending" | "done";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    queue: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string;
                                /** @enum {string} */
                                status: "pending" | "done";
                                scoreId: string | null;
                                reviewer: string | null;
                                createdAt: string;
                                doneAt: string | null;
                                /** @description null when the trace was deleted */
                                trace: {
                                    name: string | null;
                                    input: unknown;
                                    output: unknown;
                                    timestamp: string | null;
                                } | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Enqueue traces for review; a trace already pending is skipped, an id that is not a trace of the project is refused in errors */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    queue: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        traceIds: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: number;
                            /** @description Traces already pending in the queue */
                            skipped: number;
                            items: {
                                id: string;
                                traceId: string;
                                /** @enum {string} */
                                status: "pending" | "done";
                            }[];
                            errors: {
                                traceId: string;
                                message: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-queues/{queue}/items/{itemId}/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a review: writes an ANNOTATION score with the queue's score name and type and marks the item done; 400 for a value that does not fit, 409 when the item is done */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    queue: string;
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A number (NUMERIC), a label (CATEGORICAL), or 0/1/true/false (BOOLEAN), as the queue says */
                        value: number | string | boolean;
                        comment?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            item: {
                                id: string;
                                /** @constant */
                                status: "done";
                                scoreId: string;
                            };
                            score: {
                                id: string;
                                name: string;
                                value: number | null;
                                stringValue: string | null;
                                /** @enum {string} */
                                dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                /** @constant */
                                source: "ANNOTATION";
                                comment: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/guardrails/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check an input and output against guardrail evaluators now: each passes when its score meets its threshold; a CATEGORICAL one is skipped; with traceId the EVAL scores are written too */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Names of evaluators that have guardrail.threshold */
                        evaluators: string[];
                        input?: unknown;
                        output?: unknown;
                        /** @description With a trace, the EVAL scores are written to it too */
                        traceId?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            passed: boolean;
                            results: {
                                evaluator: string;
                                score: number | null;
                                threshold: number;
                                passed: boolean;
                                skipped: boolean;
                                reason: string | null;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every judge provider and whether this project can use it (mock always; openai and anthropic once credentials are stored) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                                baseUrl: string | null;
                                configured: boolean;
                                updatedAt: string | null;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A provider's stored settings: base URL and when they were saved, never the key */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: "openai" | "anthropic" | "openai-compatible";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                            baseUrl: string | null;
                            configured: boolean;
                            updatedAt: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Store this project's credentials for a judge provider; the key is encrypted under the key ring and never returned */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: "openai" | "anthropic" | "openai-compatible";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Stored encrypted under the key ring; never returned. Required but for openai-compatible, where a server without auth takes none
                         * @default
                         */
                        apiKey?: string;
                        /** @description OpenAI and openai-compatible: must end in /v1 (required for openai-compatible); Anthropic: the host root */
                        baseUrl?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                            baseUrl: string | null;
                            configured: boolean;
                            updatedAt: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Remove this project's credentials for a provider */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: "openai" | "anthropic" | "openai-compatible";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            provider: "openai" | "anthropic" | "openai-compatible";
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the project's datasets by name, with item counts */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                description: string | null;
                                metadata: unknown;
                                itemCount: number;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create an empty dataset; 409 when the name exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            schema: {
                                input?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    required?: string[];
                                    properties?: {
                                        [key: string]: {
                                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                            enum?: (string | number | boolean | null)[];
                                            description?: string;
                                        };
                                    };
                                    description?: string;
                                };
                                expectedOutput?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            } | null;
                            runner: {
                                url: string;
                                lastStatus: ("accepted" | "rejected" | "timeout" | "unreachable") | null;
                                lastError: string | null;
                                lastHttpStatus: number | null;
                                lastTriggeredAt: string | null;
                            } | null;
                            itemCount: number;
                            runs: {
                                name: string;
                                version: string | null;
                                remote: boolean;
                                itemCount: number;
                                createdAt: string;
                            }[];
                            items: {
                                id: string;
                                input: unknown;
                                expectedOutput: unknown;
                                metadata: unknown;
                                sourceTraceId: string | null;
                                sourceObservationId: string | null;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A dataset with its schema, runner (last status and error, never the secret), runs and items in insertion order (pages of ?limit= up to 1000, ?cursor=): the itemsUrl of remote runs */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            schema: {
                                input?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    required?: string[];
                                    properties?: {
                                        [key: string]: {
                                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                            enum?: (string | number | boolean | null)[];
                                            description?: string;
                                        };
                                    };
                                    description?: string;
                                };
                                expectedOutput?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            } | null;
                            runner: {
                                url: string;
                                lastStatus: ("accepted" | "rejected" | "timeout" | "unreachable") | null;
                                lastError: string | null;
                                lastHttpStatus: number | null;
                                lastTriggeredAt: string | null;
                            } | null;
                            itemCount: number;
                            runs: {
                                name: string;
                                version: string | null;
                                remote: boolean;
                                itemCount: number;
                                createdAt: string;
                            }[];
                            items: {
                                id: string;
                                input: unknown;
                                expectedOutput: unknown;
                                metadata: unknown;
                                sourceTraceId: string | null;
                                sourceObservationId: string | null;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Declare the item schema (JSON-Schema subset: input.required, input.properties {type, enum}, expectedOutput.type); stored items are not re-validated */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            required?: string[];
                            properties?: {
                                [key: string]: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            };
                            description?: string;
                        };
                        expectedOutput?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            enum?: (string | number | boolean | null)[];
                            description?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            schema: {
                                input?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    required?: string[];
                                    properties?: {
                                        [key: string]: {
                                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                            enum?: (string | number | boolean | null)[];
                                            description?: string;
                                        };
                                    };
                                    description?: string;
                                };
                                expectedOutput?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            };
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/schema/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many current items would fail the declared schema, with the first 100 failures */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schema: {
                                input?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    required?: string[];
                                    properties?: {
                                        [key: string]: {
                                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                            enum?: (string | number | boolean | null)[];
                                            description?: string;
                                        };
                                    };
                                    description?: string;
                                };
                                expectedOutput?: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            } | null;
                            total: number;
                            failing: number;
                            errors: {
                                index: number;
                                field: string;
                                message: string;
                                itemId: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add items ({"items": [{id?, input, expectedOutput?, metadata?}]}, at most 10000) with partial acceptance: invalid ones are reported per item with index, field and message */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        items: unknown[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: number;
                            rejected: number;
                            errors: {
                                index: number;
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/items/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import CSV rows as items by a column mapping; a mapped column absent from the header fails the whole import (400 csv_missing_column) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        csv: string;
                        mapping: {
                            input: string | string[];
                            expectedOutput?: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: number;
                            rejected: number;
                            errors: {
                                index: number;
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/items/from-trace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an item copied from a trace or one of its observations: its input, output (as expected output) and metadata unless the body gives them; the source ids stay on the item. 404 for an unknown trace or observation, 409 when the source already has an item in the dataset */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        traceId: string;
                        /** @description Copy this observation of the trace instead of the trace itself */
                        observationId?: string | null;
                        /** @description The item's id; an item of this id is replaced. Default: a random UUID */
                        id?: string;
                        /** @description Instead of the stored input */
                        input?: unknown;
                        /** @description Instead of the stored output; null for none */
                        expectedOutput?: unknown;
                        /** @description Instead of the stored metadata */
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            input: unknown;
                            expectedOutput: unknown;
                            metadata: unknown;
                            sourceTraceId: string | null;
                            sourceObservationId: string | null;
                            createdAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/items/from-observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an item for every observation a span-explorer selection matches (the filters of GET /v1/observations), the newest 1000 at most; observations already copied or failing the item schema are skipped with the reason. 400 when nothing matches */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        from?: string;
                        to?: string;
                        environment?: string;
                        name?: string;
                        type?: string;
                        model?: string;
                        level?: string;
                        traceId?: string;
                        userId?: string;
                        sessionId?: string;
                        /** @description As GET /v1/observations: a JSON array of {column, operator, value} (or its text) */
                        filter?: string | {
                            column: string;
                            /** @enum {string} */
                            operator: "=" | "!=" | ">" | ">=" | "<" | "<=" | "in" | "contains";
                            value: (string | number | boolean) | (string | number | boolean)[];
                        }[];
                        /**
                         * @description Newest observations to copy at most
                         * @default 1000
                         */
                        limit?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Observations the selection took (at most the limit) */
                            selected: number;
                            /** @description More observations matched than the limit: the newest were taken */
                            capped: boolean;
                            added: number;
                            skipped: number;
                            skippedItems: {
                                traceId: string;
                                observationId: string | null;
                                /**
                                 * @description duplicate: an item copied from it is in the dataset already; invalid: it fails the item schema
                                 * @enum {string}
                                 */
                                reason: "duplicate" | "invalid";
                                /** @description The item already copied from it (duplicate) */
                                itemId: string | null;
                                /** @description Why it fails the item schema (invalid) */
                                errors: {
                                    field: string;
                                    message: string;
                                }[];
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Register (or replace) the dataset's remote runner; the signing secret is returned in this answer only */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            secret: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/remote-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the empty run, then send the signed dataset.run.requested trigger to the runner; the answer says whether the runner accepted; `evaluators` score each item the runner reports */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        runName: string;
                        version?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description Evaluators that score each run item's trace once it has an output, with dataset.* bound to the item
                         * @default []
                         */
                        evaluators?: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            runName: string;
                            accepted: boolean;
                            /** @enum {string} */
                            status: "accepted" | "rejected" | "timeout" | "unreachable";
                            httpStatus: number | null;
                            error?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a run linking items to traces ({runName, version?, metadata?, items: [{datasetItemId, traceId, observationId?}], evaluators?}); the evaluators score each item once its trace has an output; 409 when the run exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        runName: string;
                        version?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        /** @default [] */
                        items?: {
                            datasetItemId: string;
                            traceId: string;
                            observationId?: string | null;
                        }[];
                        /**
                         * @description Evaluators that score each run item's trace once it has an output, with dataset.* bound to the item
                         * @default []
                         */
                        evaluators?: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            name: string;
                            version: string | null;
                            metadata: unknown;
                            remote: boolean;
                            createdAt: string;
                            items: {
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                            }[];
                            scores: {
                                name: string;
                                mean: number | null;
                                count: number;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runs/{run}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run with its item-to-trace links and the mean of each numeric score over its traces; an experiment run by Sightline adds its progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            name: string;
                            version: string | null;
                            metadata: unknown;
                            remote: boolean;
                            createdAt: string;
                            items: {
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                            }[];
                            scores: {
                                name: string;
                                mean: number | null;
                                count: number;
                            }[];
                            /** @description Present on runs Sightline executes */
                            experiment?: {
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed" | "cancelled";
                                prompt: {
                                    name: string;
                                    version: number;
                                    label: string | null;
                                };
                                provider: string;
                                model: string;
                                parameters: {
                                    [key: string]: unknown;
                                };
                                mapping: {
                                    [key: string]: string;
                                };
                                evaluators: string[];
                                concurrency: number;
                                total: number;
                                done: number;
                                failed: number;
                                /** @description Items not yet done or failed (running ones included); cancelled items count here until they stop */
                                pending: number;
                                cancelled: number;
                                /** @description The first 100 failed items with their reasons */
                                failures: {
                                    datasetItemId: string;
                                    error: string;
                                }[];
                                /** @description USD of the model calls so far (models without a price count 0) */
                                costUsd: number;
                                latencyMs: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                error: string | null;
                                finishedAt: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runs/{run}/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Score an existing run with evaluators: each item is evaluated once its trace has an output, with dataset.* bound to the item; answers 202 at once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Evaluators that score each run item's trace once it has an output, with dataset.* bound to the item */
                        evaluators: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            runName: string;
                            evaluators: string[];
                            /** @description Run items linked to a trace */
                            items: number;
                            /** @description Evaluations queued now: their trace already has an output */
                            queued: number;
                            /** @description Evaluations that wait for their trace's output */
                            waiting: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runs/{run}/gate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a run against minimum score means ({"thresholds": {"<score>": <minimum mean>}}); a score with no numeric value fails. Changes nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        thresholds: {
                            [key: string]: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            passed: boolean;
                            results: {
                                scoreName: string;
                                mean: number | null;
                                threshold: number;
                                count: number;
                                passed: boolean;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/experiments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a prompt version over the dataset: each item is compiled with the mapped variables, sent to the model, recorded as a trace and linked to the run, then scored by the evaluators. Answers 202 with the queued run; GET the run for its progress */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default: `<prompt>-v<version>-<time>` */
                        runName?: string;
                        prompt: {
                            name: string;
                            version?: number;
                            label?: string;
                        };
                        /** @enum {string} */
                        provider: "mock" | "openai" | "anthropic" | "openai-compatible";
                        model: string;
                        /** @default {} */
                        parameters?: {
                            temperature?: number;
                            maxTokens?: number;
                        };
                        /**
                         * @description Prompt variable → item field, e.g. {"question": "input.question"}
                         * @default {}
                         */
                        mapping?: {
                            [key: string]: string;
                        };
                        /**
                         * @description Evaluators that score each run item's trace once it has an output, with dataset.* bound to the item
                         * @default []
                         */
                        evaluators?: string[];
                        /** @default 4 */
                        concurrency?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            name: string;
                            version: string | null;
                            metadata: unknown;
                            remote: boolean;
                            createdAt: string;
                            items: {
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                            }[];
                            scores: {
                                name: string;
                                mean: number | null;
                                count: number;
                            }[];
                            /** @description Present on runs Sightline executes */
                            experiment?: {
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed" | "cancelled";
                                prompt: {
                                    name: string;
                                    version: number;
                                    label: string | null;
                                };
                                provider: string;
                                model: string;
                                parameters: {
                                    [key: string]: unknown;
                                };
                                mapping: {
                                    [key: string]: string;
                                };
                                evaluators: string[];
                                concurrency: number;
                                total: number;
                                done: number;
                                failed: number;
                                /** @description Items not yet done or failed (running ones included); cancelled items count here until they stop */
                                pending: number;
                                cancelled: number;
                                /** @description The first 100 failed items with their reasons */
                                failures: {
                                    datasetItemId: string;
                                    error: string;
                                }[];
                                /** @description USD of the model calls so far (models without a price count 0) */
                                costUsd: number;
                                latencyMs: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                error: string | null;
                                finishedAt: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/runs/{run}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an experiment run by Sightline: its pending items stop, what is done stays; a run already ended or cancelled answers 409 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    run: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            name: string;
                            version: string | null;
                            metadata: unknown;
                            remote: boolean;
                            createdAt: string;
                            items: {
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                            }[];
                            scores: {
                                name: string;
                                mean: number | null;
                                count: number;
                            }[];
                            /** @description Present on runs Sightline executes */
                            experiment?: {
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed" | "cancelled";
                                prompt: {
                                    name: string;
                                    version: number;
                                    label: string | null;
                                };
                                provider: string;
                                model: string;
                                parameters: {
                                    [key: string]: unknown;
                                };
                                mapping: {
                                    [key: string]: string;
                                };
                                evaluators: string[];
                                concurrency: number;
                                total: number;
                                done: number;
                                failed: number;
                                /** @description Items not yet done or failed (running ones included); cancelled items count here until they stop */
                                pending: number;
                                cancelled: number;
                                /** @description The first 100 failed items with their reasons */
                                failures: {
                                    datasetItemId: string;
                                    error: string;
                                }[];
                                /** @description USD of the model calls so far (models without a price count 0) */
                                costUsd: number;
                                latencyMs: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                error: string | null;
                                finishedAt: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{name}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comparison matrix of runs (?runs=a,b, at most 10): items × runs with trace ids and score means, plus each run's means */
        get: {
            parameters: {
                query: {
                    runs: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetName: string;
                            runs: {
                                name: string;
                                version: string | null;
                                createdAt: string;
                                itemCount: number;
                                scores: {
                                    name: string;
                                    mean: number | null;
                                    count: number;
                                }[];
                            }[];
                            items: {
                                id: string;
                                input: unknown;
                                expectedOutput: unknown;
                                runs: ({
                                    traceId: string;
                                    observationId: string | null;
                                    scores: {
                                        [key: string]: number;
                                    };
                                } | null)[];
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dataset-run-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link one dataset item to its trace within a run (the run is created on first use); reporting the item again replaces its trace; the run's evaluators score it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        datasetItemId: string;
                        traceId: string;
                        observationId?: string | null;
                        datasetName: string;
                        runName: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasetItemId: string;
                            traceId: string;
                            observationId: string | null;
                            createdAt: string;
                            datasetName: string;
                            runName: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: the project's datasets, newest first, by page */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                description: string | null;
                                metadata: unknown;
                                inputSchema: unknown;
                                expectedOutputSchema: unknown;
                                projectId: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse: create a dataset, or update the description, metadata and item schema of the one of that name */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        inputSchema?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            required?: string[];
                            properties?: {
                                [key: string]: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            };
                            description?: string;
                        } | null;
                        expectedOutputSchema?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            enum?: (string | number | boolean | null)[];
                            description?: string;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            inputSchema: unknown;
                            expectedOutputSchema: unknown;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse (v1): the project's datasets, newest first, by page, each with its item ids and run names */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                description: string | null;
                                metadata: unknown;
                                inputSchema: unknown;
                                expectedOutputSchema: unknown;
                                projectId: string;
                                createdAt: string;
                                updatedAt: string;
                                items: string[];
                                runs: string[];
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse (v1): create or update a dataset by name; the answer's items and runs are always empty */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        inputSchema?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            required?: string[];
                            properties?: {
                                [key: string]: {
                                    type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                                    enum?: (string | number | boolean | null)[];
                                    description?: string;
                                };
                            };
                            description?: string;
                        } | null;
                        expectedOutputSchema?: {
                            type?: ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null") | ("string" | "number" | "integer" | "boolean" | "object" | "array" | "null")[];
                            enum?: (string | number | boolean | null)[];
                            description?: string;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            inputSchema: unknown;
                            expectedOutputSchema: unknown;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                            items: {
                                id: string;
                                /** @enum {string} */
                                status: "ACTIVE" | "ARCHIVED";
                                input: unknown;
                                expectedOutput: unknown;
                                metadata: unknown;
                                sourceTraceId: string | null;
                                sourceObservationId: string | null;
                                datasetId: string;
                                datasetName: string;
                                createdAt: string;
                                updatedAt: string;
                                mediaReferences: unknown[];
                            }[];
                            runs: {
                                id: string;
                                name: string;
                                description: string | null;
                                metadata: unknown;
                                datasetId: string;
                                datasetName: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/datasets/{datasetName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse (v1): one dataset by name with all its items (at most 10,000) and the names of its runs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            inputSchema: unknown;
                            expectedOutputSchema: unknown;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                            items: {
                                id: string;
                                /** @enum {string} */
                                status: "ACTIVE" | "ARCHIVED";
                                input: unknown;
                                expectedOutput: unknown;
                                metadata: unknown;
                                sourceTraceId: string | null;
                                sourceObservationId: string | null;
                                datasetId: string;
                                datasetName: string;
                                createdAt: string;
                                updatedAt: string;
                                mediaReferences: unknown[];
                            }[];
                            runs: string[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/datasets/{datasetName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: one dataset by name (its items are read from /api/public/dataset-items) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            inputSchema: unknown;
                            expectedOutputSchema: unknown;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/dataset-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: dataset items by page, narrowed to a dataset and to the trace or observation they were copied from */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    datasetName?: string;
                    sourceTraceId?: string;
                    sourceObservationId?: string;
                    version?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                /** @enum {string} */
                                status: "ACTIVE" | "ARCHIVED";
                                input: unknown;
                                expectedOutput: unknown;
                                metadata: unknown;
                                sourceTraceId: string | null;
                                sourceObservationId: string | null;
                                datasetId: string;
                                datasetName: string;
                                createdAt: string;
                                updatedAt: string;
                                mediaReferences: unknown[];
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse: create a dataset item, or update the item of that id (fields not given keep their values) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        datasetName: string;
                        input?: unknown;
                        expectedOutput?: unknown;
                        metadata?: unknown;
                        id?: string | null;
                        sourceTraceId?: string | null;
                        sourceObservationId?: string | null;
                        status?: ("ACTIVE" | "ARCHIVED") | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "ARCHIVED";
                            input: unknown;
                            expectedOutput: unknown;
                            metadata: unknown;
                            sourceTraceId: string | null;
                            sourceObservationId: string | null;
                            datasetId: string;
                            datasetName: string;
                            createdAt: string;
                            updatedAt: string;
                            mediaReferences: unknown[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/dataset-items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: one dataset item by id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "ARCHIVED";
                            input: unknown;
                            expectedOutput: unknown;
                            metadata: unknown;
                            sourceTraceId: string | null;
                            sourceObservationId: string | null;
                            datasetId: string;
                            datasetName: string;
                            createdAt: string;
                            updatedAt: string;
                            mediaReferences: unknown[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse: delete a dataset item (run items that linked it stay) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            message: "Dataset item successfully deleted";
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/datasets/{datasetName}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: a dataset's runs, newest first, by page */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    datasetName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                description: string | null;
                                metadata: unknown;
                                datasetId: string;
                                datasetName: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/datasets/{datasetName}/runs/{runName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: a dataset run with its run items */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetName: string;
                    runName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            metadata: unknown;
                            datasetId: string;
                            datasetName: string;
                            createdAt: string;
                            updatedAt: string;
                            datasetRunItems: {
                                id: string;
                                datasetRunId: string;
                                datasetRunName: string;
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse: delete a dataset run and its run items (their traces and scores stay); 409 while Sightline still runs it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    datasetName: string;
                    runName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            message: "Dataset run successfully deleted";
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/dataset-run-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: a run's items by page (the dataset named by its id) */
        get: {
            parameters: {
                query: {
                    page?: number;
                    limit?: number;
                    datasetId: string;
                    runName: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                datasetRunId: string;
                                datasetRunName: string;
                                datasetItemId: string;
                                traceId: string;
                                observationId: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse: link a dataset item to its trace within a run (created on first use with runDescription and metadata) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        runName: string;
                        runDescription?: string | null;
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        datasetItemId: string;
                        observationId?: string | null;
                        traceId?: string | null;
                        datasetVersion?: string | null;
                        createdAt?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            datasetRunId: string;
                            datasetRunName: string;
                            datasetItemId: string;
                            traceId: string;
                            observationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse: prompts by name with their versions and labels, by page (no prompt carries tags here) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    name?: string;
                    label?: string;
                    tag?: string;
                    fromUpdatedAt?: string;
                    toUpdatedAt?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                name: string;
                                /** @enum {string} */
                                type: "text" | "chat";
                                versions: number[];
                                labels: string[];
                                tags: string[];
                                lastUpdatedAt: string;
                                lastConfig: unknown;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse: create the next version of a prompt (text or chat) with its labels */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        config?: unknown;
                        labels?: string[];
                        tags?: string[];
                        commitMessage?: string | null;
                        /** @constant */
                        type: "chat";
                        prompt: unknown[];
                    } | {
                        name: string;
                        config?: unknown;
                        labels?: string[];
                        tags?: string[];
                        commitMessage?: string | null;
                        /** @constant */
                        type: "text";
                        prompt: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            type: "text" | "chat";
                            prompt: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            tags: string[];
                            commitMessage: string | null;
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/prompts/{name}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Langfuse: move labels onto a version of a prompt; answers that version */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newLabels: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            type: "text" | "chat";
                            prompt: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            tags: string[];
                            commitMessage: string | null;
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/api/public/v2/prompts/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible prompt fetch for `@langfuse/client`: label `production` unless ?label= or ?version= */
        get: {
            parameters: {
                query?: {
                    label?: string;
                    version?: number;
                    resolve?: "true" | "false";
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            type: "text" | "chat";
                            prompt: string | ({
                                /** @constant */
                                type: "placeholder";
                                name: string;
                            } | {
                                role: string;
                                content: string;
                            })[];
                            config: {
                                [key: string]: unknown;
                            };
                            labels: string[];
                            tags: string[];
                            commitMessage: string | null;
                            resolutionGraph: {
                                root: {
                                    id: string;
                                    name: string;
                                    version: number;
                                };
                                dependencies: {
                                    [key: string]: {
                                        id: string;
                                        name: string;
                                        version: number;
                                    }[];
                                };
                            } | null;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse: delete a prompt with all its versions and labels, or only the version of `version` or `label` (204) */
        delete: {
            parameters: {
                query?: {
                    version?: number;
                    label?: string;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alert rules of the project, by name, with their state and last value */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                                scoreName: string | null;
                                environment: string | null;
                                model: string | null;
                                windowMinutes: number;
                                /** @enum {string} */
                                operator: ">" | "<";
                                threshold: number;
                                /** @enum {string} */
                                state: "ok" | "firing";
                                /** @description The value of the last check; null before the first and when the window was empty */
                                lastValue: number | null;
                                lastCheckedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create an alert rule: a metric over a window ending now, checked every minute against a threshold; 409 when the name exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                        /** @description scoreMean only (required there): the score whose values are averaged */
                        scoreName?: string | null;
                        /** @description Only observations (or scores) of this environment; `default` for those without one */
                        environment?: string | null;
                        /** @description Only observations of this model; not for scoreMean */
                        model?: string | null;
                        /** @description The window [now − windowMinutes, now) measured every minute */
                        windowMinutes: number;
                        /** @enum {string} */
                        operator: ">" | "<";
                        threshold: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                            scoreName: string | null;
                            environment: string | null;
                            model: string | null;
                            windowMinutes: number;
                            /** @enum {string} */
                            operator: ">" | "<";
                            threshold: number;
                            /** @enum {string} */
                            state: "ok" | "firing";
                            /** @description The value of the last check; null before the first and when the window was empty */
                            lastValue: number | null;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An alert rule with its state (ok or firing) and its history of transitions, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                            scoreName: string | null;
                            environment: string | null;
                            model: string | null;
                            windowMinutes: number;
                            /** @enum {string} */
                            operator: ">" | "<";
                            threshold: number;
                            /** @enum {string} */
                            state: "ok" | "firing";
                            /** @description The value of the last check; null before the first and when the window was empty */
                            lastValue: number | null;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            /** @description Transitions, newest first (the last 100) */
                            history: {
                                id: string;
                                /** @enum {string} */
                                state: "firing" | "resolved";
                                value: number | null;
                                threshold: number;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Replace an alert rule's definition (the whole body, as for create); its state stays until the next check */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                        /** @description scoreMean only (required there): the score whose values are averaged */
                        scoreName?: string | null;
                        /** @description Only observations (or scores) of this environment; `default` for those without one */
                        environment?: string | null;
                        /** @description Only observations of this model; not for scoreMean */
                        model?: string | null;
                        /** @description The window [now − windowMinutes, now) measured every minute */
                        windowMinutes: number;
                        /** @enum {string} */
                        operator: ">" | "<";
                        threshold: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            metric: "costUsd" | "traces" | "errorRate" | "latencyP95Ms" | "scoreMean";
                            scoreName: string | null;
                            environment: string | null;
                            model: string | null;
                            windowMinutes: number;
                            /** @enum {string} */
                            operator: ">" | "<";
                            threshold: number;
                            /** @enum {string} */
                            state: "ok" | "firing";
                            /** @description The value of the last check; null before the first and when the window was empty */
                            lastValue: number | null;
                            lastCheckedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        /** Delete an alert rule with its history */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ingest a batch of trace, observation and score events; 207 with per-event results once the batch is stored and queued */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        batch: unknown[];
                        sdk?: {
                            name: string;
                            version: string;
                        };
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                207: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successes: {
                                id: string;
                                status: number;
                            }[];
                            errors: {
                                id: string;
                                status: number;
                                message: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/ingestion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ingest a batch of trace, observation and score events; 207 with per-event results once the batch is stored and queued */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        batch: unknown[];
                        sdk?: {
                            name: string;
                            version: string;
                        };
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                207: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successes: {
                                id: string;
                                status: number;
                            }[];
                            errors: {
                                id: string;
                                status: number;
                                message: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/otel/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OTLP/HTTP trace export (protobuf or JSON); gen_ai.* and langfuse.* attributes map onto traces, observations, usage and cost */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-protobuf": unknown;
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/otel/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OTLP/HTTP trace export (protobuf or JSON); gen_ai.* and langfuse.* attributes map onto traces, observations, usage and cost */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-protobuf": unknown;
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/otel/v1/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OTLP/HTTP logs export (protobuf or JSON); gen_ai.* event records become the input and output of their span's observation */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-protobuf": unknown;
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ingest health: queue depth, dead-letter depth, oldest queued age and the last replay */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok" | "degraded";
                            queueDepth: number;
                            queueInFlight: number;
                            oldestQueuedAgeSeconds: number | null;
                            dlqDepth: number;
                            projectDeadLetters: number;
                            lastReplay: {
                                id: string;
                                /** @enum {string} */
                                status: "running" | "done" | "failed";
                                replayed: number;
                                skipped: number;
                                error: string | null;
                                startedAt: string;
                                finishedAt: string | null;
                            } | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Batches of this project that the worker gave up on, newest first; `unrecoverable` ones cannot be replayed */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                blobKey: string;
                                error: string;
                                unrecoverable: boolean;
                                attempts: number;
                                deadLetteredAt: string;
                                replayedAt: string | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay this project's recoverable dead letters onto the ingest queue; 409 while a replay runs */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            replayId: string;
                            /** @constant */
                            status: "running";
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/sampling": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's ingest sampling policy */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            headRate: number;
                            tail?: {
                                /** @default true */
                                keepErrors: boolean;
                                minCostUsd?: number | null;
                            } | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Set head sampling (a hash of the trace id) and the tail rule that keeps error or costly traces */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        headRate: number;
                        tail?: {
                            /** @default true */
                            keepErrors?: boolean;
                            minCostUsd?: number | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            headRate: number;
                            tail?: {
                                /** @default true */
                                keepErrors: boolean;
                                minCostUsd?: number | null;
                            } | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pii-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's PII masking policy */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            /** @default [] */
                            builtins: ("email" | "secret" | "credit_card" | "iban" | "ipv6" | "ipv4" | "phone")[];
                            /** @default [] */
                            custom: {
                                name: string;
                                pattern: string;
                                replacement?: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** Set the PII masking policy applied to trace and observation input/output before anything is stored */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                        /** @default [] */
                        builtins?: ("email" | "secret" | "credit_card" | "iban" | "ipv6" | "ipv4" | "phone")[];
                        /** @default [] */
                        custom?: {
                            name: string;
                            pattern: string;
                            replacement?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            /** @default [] */
                            builtins: ("email" | "secret" | "credit_card" | "iban" | "ipv6" | "ipv4" | "phone")[];
                            /** @default [] */
                            custom: {
                                name: string;
                                pattern: string;
                                replacement?: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/sdks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SDK builds seen on ingest for this project, with batch and event counts and first/last seen times */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                name: string;
                                version: string;
                                batches: number;
                                events: number;
                                firstSeenAt: string;
                                lastSeenAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model prices in match order: this project's custom prices (they win), then the built-in registry */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Save a project model price (USD per unit, keyed by usage key), matched by regular expression on the model name */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        modelName: string;
                        matchPattern: string;
                        prices: {
                            [key: string]: number;
                        };
                        /**
                         * @default TOKENS
                         * @constant
                         */
                        unit?: "TOKENS";
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            modelName: string;
                            matchPattern: string;
                            prices: {
                                [key: string]: number;
                            };
                            /** @constant */
                            unit: "TOKENS";
                            /** @enum {string} */
                            source: "custom" | "builtin";
                            createdAt?: string;
                            updatedAt?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One trace with its observations, scores, total cost and latency */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            timestamp: string | null;
                            name: string | null;
                            userId: string | null;
                            sessionId: string | null;
                            sessionPath: string | null;
                            release: string | null;
                            version: string | null;
                            environment: string;
                            public: boolean;
                            tags: string[];
                            createdAt: string | null;
                            updatedAt: string | null;
                            input: unknown;
                            output: unknown;
                            metadata: unknown;
                            observations: {
                                id: string;
                                traceId: string;
                                type: string;
                                parentObservationId: string | null;
                                name: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                completionStartTime: string | null;
                                level: string;
                                statusMessage: string | null;
                                version: string | null;
                                environment: string;
                                model: string | null;
                                modelParameters: unknown;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                promptName: string | null;
                                promptVersion: number | null;
                                usageDetails: {
                                    [key: string]: number;
                                };
                                costDetails: {
                                    [key: string]: number;
                                };
                                costSource: ("client" | "computed") | null;
                                totalCost: number | null;
                                latencyMs: number | null;
                                timeToFirstTokenMs: number | null;
                            }[];
                            scores: {
                                id: string;
                                traceId: string | null;
                                observationId: string | null;
                                sessionId: string | null;
                                name: string | null;
                                value: number | null;
                                stringValue: string | null;
                                dataType: string | null;
                                source: string | null;
                                comment: string | null;
                                configId: string | null;
                                environment: string;
                                metadata: unknown;
                                timestamp: string | null;
                            }[];
                            totalCost: number | null;
                            latencyMs: number | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Delete one trace: its rows in every telemetry table, its observations, scores and offloaded payloads */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                traces: number;
                                observations: number;
                                scores: number;
                                payloadBlobs: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Traces of the project, newest first, with observation count, cost and latency; simple filters and a `filter` JSON array */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description JSON array of {column, operator, value}; operators =, !=, >, >=, <, <=, in, contains; column may be scores.<name> */
                    filter?: string;
                    from?: string;
                    to?: string;
                    environment?: string;
                    name?: string;
                    userId?: string;
                    sessionId?: string;
                    release?: string;
                    version?: string;
                    /** @description a trace matches when it carries any of these tags */
                    tags?: string | string[];
                    orderBy?: "timestamp" | "name" | "userId" | "sessionId" | "environment" | "release" | "version";
                    order?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                timestamp: string | null;
                                name: string | null;
                                userId: string | null;
                                sessionId: string | null;
                                sessionPath: string | null;
                                release: string | null;
                                version: string | null;
                                environment: string;
                                public: boolean;
                                tags: string[];
                                createdAt: string | null;
                                updatedAt: string | null;
                                observationCount: number;
                                totalCost: number | null;
                                latencyMs: number | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trace's share links, newest first, with their status (active, expired, revoked); never their tokens */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string;
                                /** @description The API key's id, or `user:<id>` for a person */
                                createdBy: string;
                                createdAt: string;
                                expiresAt: string | null;
                                revokedAt: string | null;
                                /** @enum {string} */
                                status: "active" | "expired" | "revoked";
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Share one trace read-only: a link whose token is shown in this answer only (stored hashed), with an optional expiry */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description When the link stops working (ISO-8601, in the future); absent or null: never, until revoked */
                        expiresAt?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            traceId: string;
                            /** @description The API key's id, or `user:<id>` for a person */
                            createdBy: string;
                            createdAt: string;
                            expiresAt: string | null;
                            revokedAt: string | null;
                            /** @enum {string} */
                            status: "active" | "expired" | "revoked";
                            /** @description The link's secret; shown in this answer only */
                            token: string;
                            /** @description The console page of the link, `/shared/<token>`, to append to the console's address */
                            path: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces/{id}/share-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a share link: from now on it answers 404 like an unknown one */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    linkId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            traceId: string;
                            /** @description The API key's id, or `user:<id>` for a person */
                            createdBy: string;
                            createdAt: string;
                            expiresAt: string | null;
                            revokedAt: string | null;
                            /** @enum {string} */
                            status: "active" | "expired" | "revoked";
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shared/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trace of a share link, as GET /v1/traces/{id} answers it, without credentials; 404 for an unknown, revoked or expired link */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            timestamp: string | null;
                            name: string | null;
                            userId: string | null;
                            sessionId: string | null;
                            sessionPath: string | null;
                            release: string | null;
                            version: string | null;
                            environment: string;
                            public: boolean;
                            tags: string[];
                            createdAt: string | null;
                            updatedAt: string | null;
                            input: unknown;
                            output: unknown;
                            metadata: unknown;
                            observations: {
                                id: string;
                                traceId: string;
                                type: string;
                                parentObservationId: string | null;
                                name: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                completionStartTime: string | null;
                                level: string;
                                statusMessage: string | null;
                                version: string | null;
                                environment: string;
                                model: string | null;
                                modelParameters: unknown;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                promptName: string | null;
                                promptVersion: number | null;
                                usageDetails: {
                                    [key: string]: number;
                                };
                                costDetails: {
                                    [key: string]: number;
                                };
                                costSource: ("client" | "computed") | null;
                                totalCost: number | null;
                                latencyMs: number | null;
                                timeToFirstTokenMs: number | null;
                            }[];
                            scores: {
                                id: string;
                                traceId: string | null;
                                observationId: string | null;
                                sessionId: string | null;
                                name: string | null;
                                value: number | null;
                                stringValue: string | null;
                                dataType: string | null;
                                source: string | null;
                                comment: string | null;
                                configId: string | null;
                                environment: string;
                                metadata: unknown;
                                timestamp: string | null;
                            }[];
                            totalCost: number | null;
                            latencyMs: number | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The comments on one object, oldest first; 404 for an unknown object */
        get: {
            parameters: {
                query: {
                    objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                    objectId: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                /** @enum {string} */
                                objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                                objectId: string;
                                body: string;
                                author: {
                                    /** @enum {string} */
                                    type: "user" | "api_key";
                                    /** @description The person's user id, or the API key's id */
                                    id: string;
                                    /** @description The person's email; null for an API key */
                                    email: string | null;
                                };
                                mentions: {
                                    userId: string;
                                    email: string;
                                }[];
                                /** @description Whether the caller wrote it, and so may edit or delete it */
                                own: boolean;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Comment on a trace, an observation, a session or a prompt version (markdown, mentions of members); fires comment.created; 404 for an unknown object */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                        /** @description A trace id, an observation id, a session id, or a prompt version's id (`id` of GET /v1/prompts/{name}?version=) */
                        objectId: string;
                        /** @description Markdown, at most 5000 characters */
                        body: string;
                        /** @description Emails of members of the project's organization to mention; `@<email>` in the body mentions a member too */
                        mentions?: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                            objectId: string;
                            body: string;
                            author: {
                                /** @enum {string} */
                                type: "user" | "api_key";
                                /** @description The person's user id, or the API key's id */
                                id: string;
                                /** @description The person's email; null for an API key */
                                email: string | null;
                            };
                            mentions: {
                                userId: string;
                                email: string;
                            }[];
                            /** @description Whether the caller wrote it, and so may edit or delete it */
                            own: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One comment */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                            objectId: string;
                            body: string;
                            author: {
                                /** @enum {string} */
                                type: "user" | "api_key";
                                /** @description The person's user id, or the API key's id */
                                id: string;
                                /** @description The person's email; null for an API key */
                                email: string | null;
                            };
                            mentions: {
                                userId: string;
                                email: string;
                            }[];
                            /** @description Whether the caller wrote it, and so may edit or delete it */
                            own: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Delete your own comment; 403 for another author's */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        /** Edit your own comment (its body and mentions); 403 for another author's */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body: string;
                        /** @description Emails of members of the project's organization to mention; `@<email>` in the body mentions a member too */
                        mentions?: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                            objectId: string;
                            body: string;
                            author: {
                                /** @enum {string} */
                                type: "user" | "api_key";
                                /** @description The person's user id, or the API key's id */
                                id: string;
                                /** @description The person's email; null for an API key */
                                email: string | null;
                            };
                            mentions: {
                                userId: string;
                                email: string;
                            }[];
                            /** @description Whether the caller wrote it, and so may edit or delete it */
                            own: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sessions (traces sharing a sessionId), most recently active first, with trace count and cost */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    from?: string;
                    to?: string;
                    environment?: string;
                    userId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceCount: number;
                                firstTimestamp: string | null;
                                lastTimestamp: string | null;
                                userIds: string[];
                                environments: string[];
                                totalCost: number | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One session: its traces in time order, trace count and cost roll-up; `?groupBy=sessionPath` groups the traces by path segments */
        get: {
            parameters: {
                query?: {
                    groupBy?: "sessionPath";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            traceCount: number;
                            firstTimestamp: string | null;
                            lastTimestamp: string | null;
                            userIds: string[];
                            environments: string[];
                            totalCost: number | null;
                            traces: {
                                id: string;
                                timestamp: string | null;
                                name: string | null;
                                userId: string | null;
                                sessionId: string | null;
                                sessionPath: string | null;
                                release: string | null;
                                version: string | null;
                                environment: string;
                                public: boolean;
                                tags: string[];
                                createdAt: string | null;
                                updatedAt: string | null;
                                observationCount: number;
                                totalCost: number | null;
                                latencyMs: number | null;
                            }[];
                            tracesTruncated: boolean;
                            groups?: components["schemas"]["PathGroup"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Span explorer: every observation of the project as a flat, filterable, sortable table; `scores.<name>` filter columns */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description JSON array of {column, operator, value}; operators =, !=, >, >=, <, <=, in, contains; column may be scores.<name> */
                    filter?: string;
                    from?: string;
                    to?: string;
                    environment?: string;
                    name?: string;
                    type?: string;
                    model?: string;
                    level?: string;
                    traceId?: string;
                    userId?: string;
                    sessionId?: string;
                    orderBy?: "startTime" | "endTime" | "latency" | "cost" | "totalTokens" | "inputTokens" | "outputTokens" | "timeToFirstToken" | "name" | "model" | "level" | "type" | "environment";
                    order?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string;
                                type: string;
                                parentObservationId: string | null;
                                name: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                completionStartTime: string | null;
                                level: string;
                                statusMessage: string | null;
                                version: string | null;
                                environment: string;
                                model: string | null;
                                modelParameters: unknown;
                                promptName: string | null;
                                promptVersion: number | null;
                                usageDetails: {
                                    [key: string]: number;
                                };
                                costDetails: {
                                    [key: string]: number;
                                };
                                costSource: ("client" | "computed") | null;
                                totalCost: number | null;
                                latencyMs: number | null;
                                timeToFirstTokenMs: number | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible health check: `{status: "OK", version}` while the API answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            status: "OK";
                            version: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible: the project of the calling key, with its organization and retention */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                organization: {
                                    id: string;
                                    name: string;
                                };
                                metadata: {
                                    [key: string]: unknown;
                                };
                                /** @description present when a retention policy is set */
                                retentionDays?: number;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible trace list by page: Langfuse's filters, `orderBy=<column>.<asc|desc>` and `fields` */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    userId?: string;
                    name?: string;
                    sessionId?: string;
                    fromTimestamp?: string;
                    toTimestamp?: string;
                    orderBy?: string;
                    /** @description traces carrying all of these tags */
                    tags?: string | string[];
                    version?: string;
                    release?: string;
                    /** @description traces of any of these environments */
                    environment?: string | string[];
                    fields?: string;
                    /** @description Langfuse's JSON conditions on id, name, timestamp, userId, sessionId, environment, version, release and tags */
                    filter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                projectId: string;
                                timestamp: string | null;
                                name: string | null;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                sessionId: string | null;
                                release: string | null;
                                version: string | null;
                                userId: string | null;
                                tags: string[];
                                public: boolean;
                                bookmarked: boolean;
                                environment: string;
                                createdAt: string | null;
                                updatedAt: string | null;
                                htmlPath: string;
                                /** @description seconds; -1 when `fields` leaves out metrics */
                                latency: number | null;
                                totalCost: number | null;
                                observations: string[];
                                scores: string[];
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse-compatible deletion of up to 1000 traces; all or nothing: an id the project does not hold is a 404 */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        traceIds: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/traces/{traceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible trace read: the trace with its observations and scores whole */
        get: {
            parameters: {
                query?: {
                    fields?: string;
                };
                header?: never;
                path: {
                    traceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            timestamp: string | null;
                            name: string | null;
                            input: unknown;
                            output: unknown;
                            metadata: unknown;
                            sessionId: string | null;
                            release: string | null;
                            version: string | null;
                            userId: string | null;
                            tags: string[];
                            public: boolean;
                            bookmarked: boolean;
                            environment: string;
                            createdAt: string | null;
                            updatedAt: string | null;
                            htmlPath: string;
                            /** @description seconds; -1 when `fields` leaves out metrics */
                            latency: number | null;
                            totalCost: number | null;
                            observations: {
                                id: string;
                                projectId: string;
                                traceId: string | null;
                                type: string;
                                name: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                completionStartTime: string | null;
                                model: string | null;
                                modelParameters: unknown;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                version: string | null;
                                level: string;
                                statusMessage: string | null;
                                parentObservationId: string | null;
                                environment: string;
                                promptId: string | null;
                                promptName: string | null;
                                promptVersion: number | null;
                                usageDetails: {
                                    [key: string]: number;
                                };
                                costDetails: {
                                    [key: string]: number;
                                };
                                usage: {
                                    unit: string | null;
                                    input: number;
                                    output: number;
                                    total: number;
                                };
                                unit: string | null;
                                promptTokens: number;
                                completionTokens: number;
                                totalTokens: number;
                                modelId: string | null;
                                inputPrice: number | null;
                                outputPrice: number | null;
                                totalPrice: number | null;
                                calculatedInputCost: number | null;
                                calculatedOutputCost: number | null;
                                calculatedTotalCost: number | null;
                                /** @description seconds */
                                latency: number | null;
                                /** @description seconds */
                                timeToFirstToken: number | null;
                            }[];
                            scores: {
                                id: string;
                                traceId: string;
                                sessionId: string | null;
                                observationId: string | null;
                                datasetRunId: null;
                                name: string;
                                source: string;
                                timestamp: string;
                                createdAt: string;
                                updatedAt: string;
                                authorUserId: null;
                                comment: string | null;
                                metadata: unknown;
                                configId: string | null;
                                queueId: null;
                                environment: string;
                                dataType: string;
                                value: number;
                                stringValue?: string;
                                trace?: {
                                    userId: string | null;
                                    tags: string[];
                                    environment: string;
                                    sessionId: string | null;
                                };
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse-compatible trace deletion, as DELETE /v1/traces/{id}: the trace with everything attached */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    traceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible observation list by page, newest start first, each observation whole */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    name?: string;
                    userId?: string;
                    type?: string;
                    traceId?: string;
                    parentObservationId?: string;
                    level?: "DEBUG" | "DEFAULT" | "WARNING" | "ERROR";
                    version?: string;
                    environment?: string | string[];
                    fromStartTime?: string;
                    toStartTime?: string;
                    /** @description Langfuse's JSON conditions on the observation's own columns (id, type, name, traceId, times, level, model, tokens, cost, …) */
                    filter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                projectId: string;
                                traceId: string | null;
                                type: string;
                                name: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                completionStartTime: string | null;
                                model: string | null;
                                modelParameters: unknown;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                version: string | null;
                                level: string;
                                statusMessage: string | null;
                                parentObservationId: string | null;
                                environment: string;
                                promptId: string | null;
                                promptName: string | null;
                                promptVersion: number | null;
                                usageDetails: {
                                    [key: string]: number;
                                };
                                costDetails: {
                                    [key: string]: number;
                                };
                                usage: {
                                    unit: string | null;
                                    input: number;
                                    output: number;
                                    total: number;
                                };
                                unit: string | null;
                                promptTokens: number;
                                completionTokens: number;
                                totalTokens: number;
                                modelId: string | null;
                                inputPrice: number | null;
                                outputPrice: number | null;
                                totalPrice: number | null;
                                calculatedInputCost: number | null;
                                calculatedOutputCost: number | null;
                                calculatedTotalCost: number | null;
                                /** @description seconds */
                                latency: number | null;
                                /** @description seconds */
                                timeToFirstToken: number | null;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/observations/{observationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible observation read by id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    observationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            traceId: string | null;
                            type: string;
                            name: string | null;
                            startTime: string | null;
                            endTime: string | null;
                            completionStartTime: string | null;
                            model: string | null;
                            modelParameters: unknown;
                            input: unknown;
                            output: unknown;
                            metadata: unknown;
                            version: string | null;
                            level: string;
                            statusMessage: string | null;
                            parentObservationId: string | null;
                            environment: string;
                            promptId: string | null;
                            promptName: string | null;
                            promptVersion: number | null;
                            usageDetails: {
                                [key: string]: number;
                            };
                            costDetails: {
                                [key: string]: number;
                            };
                            usage: {
                                unit: string | null;
                                input: number;
                                output: number;
                                total: number;
                            };
                            unit: string | null;
                            promptTokens: number;
                            completionTokens: number;
                            totalTokens: number;
                            modelId: string | null;
                            inputPrice: number | null;
                            outputPrice: number | null;
                            totalPrice: number | null;
                            calculatedInputCost: number | null;
                            calculatedOutputCost: number | null;
                            calculatedTotalCost: number | null;
                            /** @description seconds */
                            latency: number | null;
                            /** @description seconds */
                            timeToFirstToken: number | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible observation list by cursor, newest start first, with the field groups asked */
        get: {
            parameters: {
                query?: {
                    /** @description comma-separated field groups: core, basic, time, io, metadata, model, usage, prompt, metrics, trace_context; core and basic by default */
                    fields?: string;
                    /** @description accepted and not needed: metadata is never truncated here */
                    expandMetadata?: string;
                    limit?: number;
                    /** @description `meta.cursor` of the previous page */
                    cursor?: string;
                    parseIoAsJson?: "true" | "false";
                    name?: string;
                    userId?: string;
                    sessionId?: string;
                    type?: string;
                    traceId?: string;
                    level?: "DEBUG" | "DEFAULT" | "WARNING" | "ERROR";
                    parentObservationId?: string;
                    isRootObservation?: string;
                    environment?: string | string[];
                    fromStartTime?: string;
                    toStartTime?: string;
                    version?: string;
                    /** @description Langfuse's JSON conditions on the observation's own columns (id, type, name, traceId, times, level, model, tokens, cost, …) */
                    filter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string | null;
                                startTime: string | null;
                                endTime: string | null;
                                projectId: string;
                                parentObservationId: string | null;
                                type: string;
                                modelId: null;
                                inputPrice: null;
                                outputPrice: null;
                                totalPrice: null;
                                isRootObservation?: boolean;
                                name?: string | null;
                                level?: string;
                                statusMessage?: string | null;
                                version?: string | null;
                                environment?: string | null;
                                bookmarked?: boolean;
                                public?: boolean;
                                userId?: string | null;
                                sessionId?: string | null;
                                completionStartTime?: string | null;
                                createdAt?: string | null;
                                updatedAt?: string | null;
                                input?: string | null;
                                output?: string | null;
                                metadata?: unknown;
                                providedModelName?: string | null;
                                internalModelId?: null;
                                modelParameters?: unknown;
                                usageDetails?: {
                                    [key: string]: number;
                                };
                                costDetails?: {
                                    [key: string]: number;
                                };
                                totalCost?: number | null;
                                usagePricingTierName?: null;
                                promptId?: null;
                                promptName?: string | null;
                                promptVersion?: number | null;
                                /** @description seconds */
                                latency?: number | null;
                                /** @description seconds */
                                timeToFirstToken?: number | null;
                                traceName?: string | null;
                                tags?: string[];
                                release?: string | null;
                            }[];
                            meta: {
                                /** @description absent on the last page */
                                cursor?: string;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible session list by page, most recently active first */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    fromTimestamp?: string;
                    toTimestamp?: string;
                    environment?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                createdAt: string | null;
                                projectId: string;
                                environment: string;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible session read: the session with its traces, bodies included */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            createdAt: string | null;
                            projectId: string;
                            environment: string;
                            traces: {
                                id: string;
                                projectId: string;
                                timestamp: string | null;
                                name: string | null;
                                input: unknown;
                                output: unknown;
                                metadata: unknown;
                                sessionId: string | null;
                                release: string | null;
                                version: string | null;
                                userId: string | null;
                                tags: string[];
                                public: boolean;
                                bookmarked: boolean;
                                environment: string;
                                createdAt: string | null;
                                updatedAt: string | null;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Scores of the project, newest first; filters by name, source, dataType, trace, observation and value ranges */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description JSON array of {column, operator, value}; operators =, !=, >, >=, <, <=, in, contains; column may be scores.<name> */
                    filter?: string;
                    from?: string;
                    to?: string;
                    environment?: string;
                    name?: string;
                    source?: "API" | "EVAL" | "ANNOTATION";
                    dataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                    traceId?: string;
                    observationId?: string;
                    sessionId?: string;
                    configId?: string;
                    order?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string | null;
                                observationId: string | null;
                                sessionId: string | null;
                                name: string | null;
                                value: number | null;
                                stringValue: string | null;
                                dataType: string | null;
                                source: string | null;
                                comment: string | null;
                                configId: string | null;
                                environment: string;
                                metadata: unknown;
                                timestamp: string | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Record one score (source API, e.g. user feedback) through the ingest path; a CATEGORICAL label may come as stringValue; a score that misfits its config is a 400 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: string | null;
                        traceId?: string | null;
                        observationId?: string | null;
                        sessionId?: string | null;
                        name: string;
                        /** @description The number, 0/1/true/false, or the label; a CATEGORICAL score may give its label as stringValue instead */
                        value?: number | string | boolean | null;
                        stringValue?: string | null;
                        dataType?: ("NUMERIC" | "CATEGORICAL" | "BOOLEAN") | null;
                        comment?: string | null;
                        configId?: string | null;
                        environment?: string | null;
                        metadata?: unknown | null;
                        timestamp?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scores/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Score analytics: distribution and daily timeline of one score; with `compare`, agreement of two scores over traces that carry both */
        get: {
            parameters: {
                query: {
                    name: string;
                    compare?: string;
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            score: {
                                name: string;
                                dataType: string | null;
                                count: number;
                                numericCount: number;
                                mean: number | null;
                                median: number | null;
                                stdDev: number | null;
                                min: number | null;
                                max: number | null;
                                histogram: {
                                    lower: number;
                                    upper: number;
                                    count: number;
                                }[];
                                labelCounts: {
                                    label: string;
                                    count: number;
                                }[];
                                timeline: {
                                    day: string;
                                    count: number;
                                    mean: number | null;
                                    labelCounts: {
                                        [key: string]: number;
                                    };
                                }[];
                            };
                            compare?: {
                                name: string;
                                dataType: string | null;
                                count: number;
                                numericCount: number;
                                mean: number | null;
                                median: number | null;
                                stdDev: number | null;
                                min: number | null;
                                max: number | null;
                                histogram: {
                                    lower: number;
                                    upper: number;
                                    count: number;
                                }[];
                                labelCounts: {
                                    label: string;
                                    count: number;
                                }[];
                                timeline: {
                                    day: string;
                                    count: number;
                                    mean: number | null;
                                    labelCounts: {
                                        [key: string]: number;
                                    };
                                }[];
                            };
                            comparison?: {
                                /** @enum {string} */
                                kind: "numeric" | "categorical" | "mixed";
                                pairCount: number;
                                sampleSize: number;
                                sampled: boolean;
                                pearson: number | null;
                                mae: number | null;
                                rmse: number | null;
                                agreement: number | null;
                                cohensKappa: number | null;
                                f1: {
                                    label: string;
                                    precision: number | null;
                                    recall: number | null;
                                    f1: number | null;
                                    support: number;
                                }[];
                                confusion: {
                                    rows: string[];
                                    columns: string[];
                                    counts: number[][];
                                };
                            };
                            sampled: boolean;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a score; audited */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                scores: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/score-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Score configs of the project, by name */
        get: {
            parameters: {
                query?: {
                    /** @description Only archived (true) or only active (false) configs; all by default */
                    archived?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                min: number | null;
                                max: number | null;
                                categories: string[];
                                description: string | null;
                                archived: boolean;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Create a score config: every new score of its name must fit its type, range or labels, on every path; 409 while an active one has the name */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        /** @description NUMERIC only: the smallest value allowed */
                        min?: number | null;
                        /** @description NUMERIC only: the largest value allowed */
                        max?: number | null;
                        /** @description CATEGORICAL: the allowed labels (at least one) */
                        categories?: string[];
                        description?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            min: number | null;
                            max: number | null;
                            categories: string[];
                            description: string | null;
                            archived: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/score-configs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Archive a score config (its name then takes any score) or restore it */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        archived: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            min: number | null;
                            max: number | null;
                            categories: string[];
                            description: string | null;
                            archived: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cost, tokens, counts and latency percentiles per day (and environment and model), computed on the fly over [from, to) */
        get: {
            parameters: {
                query?: {
                    /** @description inclusive; default 30 days before `to` */
                    from?: string;
                    /** @description exclusive; default now */
                    to?: string;
                    environment?: string;
                    model?: string;
                    /** @description day (always), environment, model; comma-separated or repeated */
                    groupBy?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            to: string;
                            groupBy: ("day" | "environment" | "model")[];
                            data: {
                                day: string;
                                environment?: string;
                                model?: string | null;
                                traces: number;
                                observations: number;
                                costUsd: number;
                                inputTokens: number;
                                outputTokens: number;
                                totalTokens: number;
                                latencyP50Ms: number | null;
                                latencyP95Ms: number | null;
                                latencyP99Ms: number | null;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** End users (the userId of traces), most recently active first, with trace and session counts, cost and tokens */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    from?: string;
                    to?: string;
                    environment?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description the `userId` the customer's traces carry */
                                id: string;
                                traceCount: number;
                                sessionCount: number;
                                firstTimestamp: string | null;
                                lastTimestamp: string | null;
                                environments: string[];
                                /** @description USD over the observations of the user's traces; null when none is priced */
                                totalCost: number | null;
                                totalTokens: number | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete everything one end user generated: every trace attributed to the userId, with observations, scores and payloads, and the dataset items copied from those traces */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                traces: number;
                                observations: number;
                                scores: number;
                                payloadBlobs: number;
                                datasetItems: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's retention policy (0 keeps forever) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            maxAgeDays: number;
                            updatedAt: string | null;
                            lastAppliedAt: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Set the retention policy: telemetry and blobs older than maxAgeDays are deleted daily at 03:00 UTC (0 keeps forever) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        maxAgeDays: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            maxAgeDays: number;
                            updatedAt: string | null;
                            lastAppliedAt: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/retention/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply the retention policy now; answers the counts deleted */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            maxAgeDays: number;
                            cutoff: string | null;
                            deleted: {
                                traces: number;
                                observations: number;
                                scores: number;
                                payloadBlobs: number;
                                batchBlobs: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Langfuse-compatible media upload: a presigned upload URL for these bytes, or none when the project already holds them (docs/media.md) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        traceId: string;
                        observationId?: string | null;
                        contentType: string;
                        contentLength: number;
                        sha256Hash: string;
                        /** @enum {string} */
                        field: "input" | "output" | "metadata";
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mediaId: string;
                            uploadUrl: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible media read: its type, size and a short-lived URL serving its bytes (docs/media.md) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    mediaId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mediaId: string;
                            contentType: string;
                            contentLength: number;
                            uploadedAt: string;
                            url: string;
                            urlExpiry: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Langfuse-compatible upload report: a 200/201 makes the media readable (docs/media.md) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    mediaId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: date-time */
                        uploadedAt: string;
                        uploadHttpStatus: number;
                        uploadHttpError?: string | null;
                        uploadTimeMs?: number | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One media file that a reference token in a trace names: its type, size and a short-lived URL serving its bytes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mediaId: string;
                            contentType: string;
                            contentLength: number;
                            uploadedAt: string;
                            url: string;
                            urlExpiry: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Langfuse-compatible score creation: the same path and checks as POST /v1/scores (config fit included); the same id again replaces the score */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: string | null;
                        traceId?: string | null;
                        sessionId?: string | null;
                        observationId?: string | null;
                        datasetRunId?: string | null;
                        name: string;
                        value: number | string;
                        comment?: string | null;
                        metadata?: unknown;
                        environment?: string | null;
                        queueId?: string | null;
                        dataType?: ("NUMERIC" | "CATEGORICAL" | "BOOLEAN" | "TEXT" | "CORRECTION") | null;
                        configId?: string | null;
                        source?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/scores/{scoreId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Langfuse-compatible score deletion, as DELETE /v1/scores/{id}; audited */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    scoreId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible score list (v2): newest first, by page, with Langfuse's filters and each score's trace fields */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    userId?: string;
                    name?: string;
                    fromTimestamp?: string;
                    toTimestamp?: string;
                    environment?: string | string[];
                    source?: "API" | "EVAL" | "ANNOTATION";
                    operator?: "<" | ">" | "<=" | ">=" | "!=" | "=";
                    value?: number;
                    scoreIds?: string;
                    configId?: string;
                    sessionId?: string;
                    datasetRunId?: string;
                    traceId?: string;
                    observationId?: string;
                    queueId?: string;
                    dataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN" | "TEXT" | "CORRECTION";
                    traceTags?: string | string[];
                    fields?: string;
                    filter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                traceId: string | null;
                                sessionId: string | null;
                                observationId: string | null;
                                datasetRunId: null;
                                name: string;
                                source: string;
                                timestamp: string;
                                createdAt: string;
                                updatedAt: string;
                                authorUserId: null;
                                comment: string | null;
                                metadata: unknown;
                                configId: string | null;
                                queueId: null;
                                environment: string;
                                dataType: string;
                                value: number;
                                stringValue?: string;
                                trace?: {
                                    userId: string | null;
                                    tags: string[];
                                    environment: string;
                                    sessionId: string | null;
                                };
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v2/scores/{scoreId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible score read (v2); 404 for a score the project does not hold */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    scoreId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            traceId: string | null;
                            sessionId: string | null;
                            observationId: string | null;
                            datasetRunId: null;
                            name: string;
                            source: string;
                            timestamp: string;
                            createdAt: string;
                            updatedAt: string;
                            authorUserId: null;
                            comment: string | null;
                            metadata: unknown;
                            configId: string | null;
                            queueId: null;
                            environment: string;
                            dataType: string;
                            value: number;
                            stringValue?: string;
                            trace?: {
                                userId: string | null;
                                tags: string[];
                                environment: string;
                                sessionId: string | null;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/score-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible score config list, by name, archived ones included, by page */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                createdAt: string;
                                updatedAt: string;
                                projectId: string;
                                /** @enum {string} */
                                dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                                isArchived: boolean;
                                minValue: number | null;
                                maxValue: number | null;
                                categories: {
                                    label: string;
                                    value: number;
                                }[] | null;
                                description: string | null;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse-compatible score config creation, as POST /v1/score-configs; categories are ordered labels (value = position) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                        categories?: {
                            label: string;
                            value: number;
                        }[] | null;
                        minValue?: number | null;
                        maxValue?: number | null;
                        description?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            createdAt: string;
                            updatedAt: string;
                            projectId: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            isArchived: boolean;
                            minValue: number | null;
                            maxValue: number | null;
                            categories: {
                                label: string;
                                value: number;
                            }[] | null;
                            description: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/score-configs/{configId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible score config read; 404 for an unknown id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            createdAt: string;
                            updatedAt: string;
                            projectId: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            isArchived: boolean;
                            minValue: number | null;
                            maxValue: number | null;
                            categories: {
                                label: string;
                                value: number;
                            }[] | null;
                            description: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Langfuse-compatible score config update: archive or restore it (isArchived), as PATCH /v1/score-configs/{id} */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isArchived?: boolean;
                        name?: string;
                        categories?: {
                            label: string;
                            value: number;
                        }[];
                        minValue?: number | null;
                        maxValue?: number | null;
                        description?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            createdAt: string;
                            updatedAt: string;
                            projectId: string;
                            /** @enum {string} */
                            dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
                            isArchived: boolean;
                            minValue: number | null;
                            maxValue: number | null;
                            categories: {
                                label: string;
                                value: number;
                            }[] | null;
                            description: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        trace?: never;
    };
    "/api/public/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible comment list: newest first, by page, filtered by object and author */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    objectType?: string;
                    objectId?: string;
                    authorUserId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                projectId: string;
                                createdAt: string;
                                updatedAt: string;
                                /** @enum {string} */
                                objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                                objectId: string;
                                content: string;
                                authorUserId: string | null;
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse-compatible comment on a trace, observation, session or prompt version, as POST /v1/comments; the calling key is the author */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        projectId?: string | null;
                        objectType: string;
                        objectId: string;
                        content: string;
                        authorUserId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible comment read; 404 for an unknown id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    commentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            createdAt: string;
                            updatedAt: string;
                            /** @enum {string} */
                            objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
                            objectId: string;
                            content: string;
                            authorUserId: string | null;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible model list: the project's custom prices, then the built-in ones (isLangfuseManaged), by page */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                modelName: string;
                                matchPattern: string;
                                startDate: null;
                                unit: string;
                                inputPrice: number | null;
                                outputPrice: number | null;
                                totalPrice: null;
                                tokenizerId: null;
                                tokenizerConfig: null;
                                isLangfuseManaged: boolean;
                                createdAt: string;
                                prices: {
                                    [key: string]: {
                                        price: number;
                                    };
                                };
                                pricingTiers: unknown[];
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** Langfuse-compatible model creation: a custom price (POST /v1/model-prices), per token; one per modelName, saving it again replaces it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        modelName: string;
                        matchPattern: string;
                        startDate?: string | null;
                        unit?: string | null;
                        inputPrice?: number | null;
                        outputPrice?: number | null;
                        totalPrice?: number | null;
                        pricingTiers?: {
                            name?: string;
                            isDefault?: boolean;
                            priority?: number;
                            conditions?: unknown[];
                            prices: {
                                [key: string]: number;
                            };
                        }[] | null;
                        tokenizerId?: string | null;
                        tokenizerConfig?: unknown;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            modelName: string;
                            matchPattern: string;
                            startDate: null;
                            unit: string;
                            inputPrice: number | null;
                            outputPrice: number | null;
                            totalPrice: null;
                            tokenizerId: null;
                            tokenizerConfig: null;
                            isLangfuseManaged: boolean;
                            createdAt: string;
                            prices: {
                                [key: string]: {
                                    price: number;
                                };
                            };
                            pricingTiers: unknown[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible model read: a custom or built-in price; 404 for an unknown id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            modelName: string;
                            matchPattern: string;
                            startDate: null;
                            unit: string;
                            inputPrice: number | null;
                            outputPrice: number | null;
                            totalPrice: null;
                            tokenizerId: null;
                            tokenizerConfig: null;
                            isLangfuseManaged: boolean;
                            createdAt: string;
                            prices: {
                                [key: string]: {
                                    price: number;
                                };
                            };
                            pricingTiers: unknown[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        /** Langfuse-compatible model deletion: a custom price (later observations fall back to the built-in ones); built-in ones cannot be deleted */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/metrics/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible daily metrics: per day (newest first) traces, observations, cost and usage per model, by page */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    limit?: number;
                    traceName?: string;
                    userId?: string;
                    tags?: string | string[];
                    environment?: string | string[];
                    fromTimestamp?: string;
                    toTimestamp?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                date: string;
                                countTraces: number;
                                countObservations: number;
                                totalCost: number;
                                usage: {
                                    model: string | null;
                                    inputUsage: number;
                                    outputUsage: number;
                                    totalUsage: number;
                                    countTraces: number;
                                    countObservations: number;
                                    totalCost: number;
                                }[];
                            }[];
                            meta: {
                                page: number;
                                limit: number;
                                totalItems: number;
                                totalPages: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Langfuse-compatible metrics query (?query=<JSON>): the traces, observations, scores-numeric and scores-categorical views, the measures we compute, by their dimensions and day */
        get: {
            parameters: {
                query: {
                    query: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP server: no server-sent event stream and no session to end on this stateless server (405) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        put?: never;
        /** MCP server (streamable HTTP, stateless, JSON responses): JSON-RPC `initialize`, `tools/list` (the tools the caller's role allows) and `tools/call`; see docs/mcp.md */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        /** @description absent on a notification, which is answered 202 without a body */
                        id?: string | number;
                        /** @description initialize, ping, tools/list, tools/call, notifications/initialized */
                        method: string;
                        /** @description tools/call: {name, arguments} */
                        params?: {
                            [key: string]: unknown;
                        };
                    } | {
                        /** @constant */
                        jsonrpc: "2.0";
                        /** @description absent on a notification, which is answered 202 without a body */
                        id?: string | number;
                        /** @description initialize, ping, tools/list, tools/call, notifications/initialized */
                        method: string;
                        /** @description tools/call: {name, arguments} */
                        params?: {
                            [key: string]: unknown;
                        };
                    }[];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            jsonrpc: "2.0";
                            id: string | number | null;
                            /** @description tools/call: {content: [{type: "text", text}], structuredContent?, isError?} */
                            result?: {
                                [key: string]: unknown;
                            };
                            error?: {
                                code: number;
                                message: string;
                                data?: unknown;
                            };
                        } | {
                            /** @constant */
                            jsonrpc: "2.0";
                            id: string | number | null;
                            /** @description tools/call: {content: [{type: "text", text}], structuredContent?, isError?} */
                            result?: {
                                [key: string]: unknown;
                            };
                            error?: {
                                code: number;
                                message: string;
                                data?: unknown;
                            };
                        }[];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        /** MCP server: no server-sent event stream and no session to end on this stateless server (405) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                422: components["responses"]["Error"];
                429: components["responses"]["RateLimited"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                message: string;
                details?: unknown;
            };
        };
        PathGroup: {
            segment: string | null;
            path: string | null;
            traceCount: number;
            totalCost: number | null;
            traces: {
                id: string;
                timestamp: string | null;
                name: string | null;
                userId: string | null;
                sessionId: string | null;
                sessionPath: string | null;
                release: string | null;
                version: string | null;
                environment: string;
                public: boolean;
                tags: string[];
                createdAt: string | null;
                updatedAt: string | null;
                observationCount: number;
                totalCost: number | null;
                latencyMs: number | null;
            }[];
            children: components["schemas"]["PathGroup"][];
        };
    };
    responses: {
        /** @description Error */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The rate limit is reached (code rate_limited): ingest calls count per project, the others per API key */
        RateLimited: {
            headers: {
                /** @description Whole seconds to wait before the next call, at least 1 */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
