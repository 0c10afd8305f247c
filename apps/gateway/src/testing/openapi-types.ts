// Generated from /openapi.json by openapi-typescript: `npm run docs -w @pidgate/gateway`. Do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this gateway is and how to use it */
        get: operations["getHome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reload the NAAN table (also on SIGHUP); needs the `admin.token` of the configuration */
        post: operations["reloadNaanTable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The parsed record of one identifier */
        get: operations["parseIdentifier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/normalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Normalize a list (JSON), or stream a text/plain body of lines back as NDJSON */
        post: operations["normalizeIdentifiers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Group identifiers into equivalence classes */
        post: operations["compareIdentifiers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve a list without redirecting: target, status and how it was found, per identifier */
        post: operations["resolveIdentifiers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bindings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List bindings (keyset paging): those the token may see, optionally under a prefix */
        get: operations["listBindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bindings/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every binding the token may see (tombstones too), as NDJSON in key order; streamed */
        get: operations["exportBindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bindings/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bulk load: NDJSON, one binding a line ({"identifier", "target", "status"?, "erc"?, "support"?})
         * @description Lines are written as they arrive, in transactions of up to 2000 lines; each line is answered (NDJSON, in order) once its transaction has committed, so an answered `ok` survives a crash. `?onExisting=replace|skip|fail`.
         */
        post: operations["importBindings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bindings/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One binding, with `?history=true` every change (who, when, before, after) */
        get: operations["getBinding"];
        /** Bind an ARK (create or replace; If-Match: "v<version>", If-None-Match: *), or bind the next version of a PDI; PUT on a PDI document series mints the day's next serial number */
        put: operations["putBinding"];
        post?: never;
        /** Delete (tombstone) an ARK: it resolves 410 Gone from then on and is never bound again */
        delete: operations["deleteBinding"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint identifiers on a shoulder (its NOID template, NCDA check character); with `bind`, bind each ({id} in the target is the new identifier) */
        post: operations["mintIdentifiers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shoulders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shoulders this institution mints on (those the token may see) */
        get: operations["listShoulders"];
        put?: never;
        /** Declare a shoulder this institution mints on, with its NOID template (its prefix is the shoulder's Name: ark:/99999/x6 takes x6.reeddk); its NAAN is declared with it */
        post: operations["createShoulder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shoulders/fallback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shoulder's web-archive fallback for targets the link checker found broken */
        get: operations["getApiV1ShouldersFallback"];
        /** Set a shoulder's web-archive fallback (`none`, `archive-page`, `archive-redirect`) */
        put: operations["putApiV1ShouldersFallback"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every token, without its secret */
        get: operations["listTokens"];
        put?: never;
        /** Create a token (its secret is in this answer only) */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a token (idempotent) */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhooks the caller manages (every one, for an administrator) */
        get: operations["getApiV1Webhooks"];
        put?: never;
        /**
         * Subscribe a user or a group to the link checker’s broken and recovered events
         * @description Deliveries are HMAC-signed JSON POSTs (docs/links.md, "Webhooks"). The secret is in this answer only.
         */
        post: operations["postApiV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook and its latest deliveries */
        get: operations["getApiV1WebhooksId"];
        put?: never;
        post?: never;
        /** Remove a webhook (its waiting events and deliveries with it) */
        delete: operations["deleteApiV1WebhooksId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The link report: targets whose last check failed, with their identifiers (JSON, or CSV for Excel)
         * @description The rows of `pidgate links report`. An administrator's token sees every identifier, any other token those it may view (within its scopes). CSV (RFC 4180, CRLF) starts with a UTF-8 byte order mark and is never zipped.
         */
        get: operations["getApiV1ReportsLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/resolutions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage statistics: resolutions per identifier or shoulder, per day or month (JSON, or CSV for Excel)
         * @description Counted by the gateway when a request for an identifier redirects through one of its bindings, written in batches (`stats.flushSeconds`), kept `stats.retentionDays`. An administrator's token sees every row, any other token the identifiers it may view and the shoulders within its scopes. CSV (RFC 4180, CRLF) starts with a UTF-8 byte order mark.
         */
        get: operations["getApiV1ReportsResolutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description `pidgate_requests_total{scheme,outcome}` (outcome: `redirect`, `ok`, `list`, `metadata`, `not_found`, `gone`, `restricted`, `bad_request`, `upstream_error` for a failed discovery, `storage_error` for a failing store, `error`), the `pidgate_request_duration_seconds` histogram, `pidgate_cache_requests_total{cache,result}` and the `pidgate_uptime_seconds` gauge, in the Prometheus text format 0.0.4.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/ark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This resolver's ARK endpoint
         * @description The base URL as text (or JSON), with `Link: <base/ark:>; rel="ark-resolver"`.
         */
        get: operations["getArkResolver"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve an identifier, or describe it (`?`, `??`, `?info`)
         * @description Without an inflection: a redirect to the target (PWIDs add Memento `Link` headers). With `?` (brief record), `??` (with the commitment) or `?info` (everything, with how it was resolved): the metadata record, negotiated by `Accept` among `text/plain` (THUMP, the default), `application/json` and `text/html`; the status is 200, or 404 when nothing resolves the identifier and 410 when it was deleted, the record being the body all the same. `/.info/{identifier}` is `/{identifier}?info`; an ARK NAAN alone (`/ark:/12025`) is described as with `?info`. A PDI with wildcards (`urn:pdi://ap.org.us/1997/11/*\/*`) is a query: 200 with the matching PDIs (JSON, HTML or `text/uri-list` by `Accept`).
         */
        get: operations["resolveIdentifier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a problem code means and what to do about it
         * @description The page every problem document’s `type` names (`/problems/{code}`, under the base path of `baseUrl`): HTML for browsers, JSON for programs.
         */
        get: operations["describeProblemCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where an identifier leads and what is known about it, without following it
         * @description The target of the resolve box on the home page, for browsers without JavaScript: an HTML page with the `?info` record. With `Accept: application/json`, the record itself (as `/{identifier}?info` answers), for identifiers that cannot travel in a path as they are.
         */
        get: operations["getLookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stylesheet and the page script of the web pages */
        get: operations["getAssetsFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API reference, for people */
        get: operations["getDocsApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ServiceInfo: {
            service: string;
            version: string;
            schemes: string[];
            resolver: string;
            endpoints: {
                [key: string]: string;
            };
        };
        Health: {
            /** @enum {string} */
            status: "ok";
            naanTableLoadedAt: string;
            naanTable: components["schemas"]["NaanTableInfo"];
        };
        NaanTableInfo: {
            file: string;
            /** @enum {string} */
            origin: "embedded" | "data-dir" | "configured";
            format: string;
            naans: number;
            records: number;
            /** @description The table's own date (the registry export's `updated`), else its file's mtime */
            date: string;
            loadedAt: string;
        };
        ReloadReport: {
            file: string;
            /** @enum {string} */
            origin: "embedded" | "data-dir" | "configured";
            format: string;
            naans: number;
            records: number;
            /** @description The table's own date (the registry export's `updated`), else its file's mtime */
            date: string;
            loadedAt: string;
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            detail?: string;
            code?: string;
            offset?: number | null;
        } & {
            [key: string]: unknown;
        };
        ParsedIdentifier: {
            scheme: string;
            input: string;
            /**
             * @description Parsing profile
             * @example source
             * @enum {string}
             */
            profile: "source" | "modern";
            normalized: string;
            /** @description The `standard`-level equivalence key, where it differs from `normalized` */
            standardKey?: string;
            components: {
                [key: string]: unknown;
            };
            /** @description Findings that are not errors: `isbn-unicode-separator` and `issn-unicode-separator` (a Unicode dash, space or soft hyphen read as a separator), `isbn-unallocated-range` (an ISBN in no range the ISBN agency allocates), `nid-unregistered` (a URN namespace IANA has not registered), … */
            warnings?: components["schemas"]["IdentifierWarning"][];
        };
        IdentifierWarning: {
            code: string;
            message: string;
        };
        NormalizeResponse: {
            results: components["schemas"]["NormalizeRecord"][];
        };
        NormalizeRecord: {
            input: string;
            /** @enum {boolean} */
            ok: true;
            scheme: string;
            normalized: string;
            /**
             * @description Where the identifier resolves on the web (the scheme's resolver: doi.org, hdl.handle.net, n2t.net, orcid.org, the URN namespace's resolver, the archive's replay URL for a PWID…); null where none is known
             * @example https://n2t.net/ark:12025/654xz321
             */
            url: string | null;
            /** @description Present only when there is at least one warning */
            warnings?: components["schemas"]["IdentifierWarning"][];
        } | {
            input: string;
            /** @enum {boolean} */
            ok: false;
            error: components["schemas"]["IdentifierError"];
        };
        IdentifierError: {
            code: string;
            message: string;
            offset: number | null;
        };
        NormalizeRequest: {
            /**
             * @example [
             *       "ark:/12025/654xz321",
             *       "ARK:/12025/654XZ321"
             *     ]
             */
            identifiers: string[];
            /**
             * @description Parsing profile
             * @example source
             * @enum {string}
             */
            profile?: "source" | "modern";
            /**
             * @description What `normalized` holds: the equivalence key at this level (`standard`: an ISBN-10 keyed as its ISBN-13, so that the two group together); default `lexical`, the normalized form
             * @example lexical
             * @enum {string}
             */
            level?: "lexical" | "standard";
        };
        CompareResponse: {
            equivalent: boolean;
            groups: {
                /** @description The equivalence key of the group at the requested level */
                normalized: string;
                members: number[];
            }[];
            errors: {
                index: number;
                input: string;
                error: components["schemas"]["IdentifierError"];
            }[];
        };
        CompareRequest: {
            /**
             * @example [
             *       "ark:/12025/654xz321",
             *       "ARK:/12025/654XZ321"
             *     ]
             */
            identifiers: string[];
            /**
             * @description Parsing profile
             * @example source
             * @enum {string}
             */
            profile?: "source" | "modern";
            /**
             * @description Level of equivalence: `lexical` (default) compares normalized forms; `standard` groups identifiers that name the same thing under their scheme's own standard (an ISBN-10 with its ISBN-13)
             * @example lexical
             * @enum {string}
             */
            level?: "lexical" | "standard";
        };
        ResolveResponse: {
            results: components["schemas"]["ResolveResult"][];
        };
        ResolveResult: {
            input: string;
            ok: boolean;
            scheme?: string;
            normalized?: string;
            status: number;
            target: string | null;
            how: string | null;
            code?: string;
            detail?: string;
            trace?: string[];
            error?: components["schemas"]["IdentifierError"];
        };
        ResolveRequest: {
            /**
             * @example [
             *       "ark:/12025/654xz321",
             *       "ARK:/12025/654XZ321"
             *     ]
             */
            identifiers: string[];
            /**
             * @description Parsing profile
             * @example source
             * @enum {string}
             */
            profile?: "source" | "modern";
        };
        BindingPage: {
            items: components["schemas"]["Binding"][];
            next: string | null;
        };
        Binding: {
            identifier: string;
            /** @description true for a prefix rule: it covers every ARK that starts with `identifier` (no separator needed) */
            prefix: boolean;
            target: string;
            status: number;
            erc: {
                [key: string]: unknown;
            };
            support: {
                [key: string]: unknown;
            } | null;
            createdAt: string;
            updatedAt: string;
            version: number;
            tombstoned: boolean;
            deletedAt: string | null;
            /** @enum {string} */
            identifierStatus: "public" | "reserved" | "unavailable";
            statusReason: string | null;
            owner: string | null;
            ownerGroup: string | null;
            metadata: {
                [key: string]: string;
            };
        };
        PdiVersionPage: {
            items: components["schemas"]["PdiVersion"][];
            next: string | null;
        };
        PdiVersion: {
            /** @example urn:pdi://ap.org.us/1997/11/27/12.pdf.2 */
            identifier: string;
            resource: string;
            format: string;
            version: number;
            target: string;
            erc: {
                [key: string]: unknown;
            };
            createdAt: string;
            owner: string | null;
            ownerGroup: string | null;
        };
        BindingRequest: {
            /** @example https://repository.example.org/objects/abc */
            target: string;
            /**
             * @description The redirect status (default 302)
             * @enum {integer}
             */
            status?: 301 | 302 | 303 | 307 | 308;
            /**
             * @description An ERC record (ARK §7): element → value or values; the kernel is who, what, when, where
             * @example {
             *       "who": "Kunze, John",
             *       "what": "The ARK Identifier Scheme",
             *       "when": "2005",
             *       "where": "https://example.org/ark"
             *     }
             */
            erc?: {
                [key: string]: string | string[];
            };
            /**
             * @description The commitment (erc-support, what ?? adds). Put one of the NLM permanence levels of ARK §5.2 in "what": Not Guaranteed; Permanent: Dynamic Content; Permanent: Stable Content; Permanent: Unchanging Content
             * @example {
             *       "who": "Example Library",
             *       "what": "Permanent: Stable Content",
             *       "when": "2024",
             *       "where": "https://example.org/policy"
             *     }
             */
            support?: {
                [key: string]: string | string[];
            } | null;
            /**
             * @description public (the default) resolves; reserved is known to its owner only (404); unavailable answers 410
             * @enum {string}
             */
            identifierStatus?: "public" | "reserved" | "unavailable";
            /** @example withdrawn by author */
            statusReason?: string | null;
            /** @description by default the token's owner (a new identifier) or as it is; only an administrator changes it */
            owner?: string | null;
            /** @description the owner group (EZID's _ownergroup); only an administrator changes it */
            ownerGroup?: string | null;
            /** @description Dublin Core, DataCite and other elements (EZID: dc.*, datacite.*, _profile, _export) */
            metadata?: {
                [key: string]: string;
            };
        };
        PdiBindingRequest: {
            target: string;
            format?: string;
            /**
             * @description An ERC record (ARK §7): element → value or values; the kernel is who, what, when, where
             * @example {
             *       "who": "Kunze, John",
             *       "what": "The ARK Identifier Scheme",
             *       "when": "2005",
             *       "where": "https://example.org/ark"
             *     }
             */
            erc?: {
                [key: string]: string | string[];
            };
            /** @description the resource's owner: by default its latest version's (or the caller's for a new resource); only an administrator changes it */
            owner?: string | null;
            /** @description the resource's owner group, as `owner`; only an administrator changes it */
            ownerGroup?: string | null;
        };
        MintResponse: {
            shoulder: string;
            identifiers: string[];
            bound: boolean;
        };
        MintRequest: {
            /** @example ark:/99999/x6 */
            shoulder: string;
            /** @default 1 */
            count: number;
            bind?: components["schemas"]["BindingRequest"];
        };
        Shoulder: {
            shoulder: string;
            naan: string;
            template: string;
            minted: number;
            capacity: number | null;
            createdAt: string;
        };
        ShoulderRequest: {
            /** @example ark:/99999/x6 */
            shoulder: string;
            /** @example x6.reeddk */
            template: string;
            seed?: string;
            naanName?: string;
        };
        ShoulderFallback: {
            shoulder: string;
            /**
             * @description `none`: redirect as always; `archive-page`: a page saying the target is gone, linking its latest capture; `archive-redirect`: 302 to the latest capture with `Pidgate-Fallback` (the page when there is none)
             * @enum {string}
             */
            fallback: "none" | "archive-page" | "archive-redirect";
            updatedAt: string | null;
            actor: string | null;
        };
        ShoulderFallbackRequest: {
            /** @example ark:/99999/x6 */
            shoulder: string;
            /**
             * @description `none`: redirect as always; `archive-page`: a page saying the target is gone, linking its latest capture; `archive-redirect`: 302 to the latest capture with `Pidgate-Fallback` (the page when there is none)
             * @enum {string}
             */
            fallback: "none" | "archive-page" | "archive-redirect";
        };
        CreatedToken: components["schemas"]["Token"] & {
            /** @description The secret: shown this once, stored only as its SHA-256 */
            token: string;
        };
        Token: {
            /** @example tok_nhEx5dJxsl3gtwB_ */
            id: string;
            name: string;
            scopes: string[];
            createdAt: string;
            revokedAt: string | null;
            expiresAt: string | null;
        };
        TokenRequest: {
            /** @example cataloguing */
            name: string;
            /**
             * @description identifier prefixes; `pidgate:admin` for an administrator
             * @example [
             *       "ark:/99999/x6"
             *     ]
             */
            scopes: string[];
            /**
             * @description when it stops working (ISO 8601); never by default
             * @example 2027-01-31T00:00:00Z
             */
            expiresAt?: string | null;
        };
        CreatedWebhook: components["schemas"]["Webhook"] & {
            /** @description The signing secret: in this answer only */
            secret: string;
        };
        Webhook: {
            /** @example wh_3q2cQ0aH1lX8k9mN */
            id: string;
            /** @description the user whose identifiers it covers (or null) */
            owner: string | null;
            /** @description the group whose identifiers it covers (or null) */
            group: string | null;
            /** @example https://hooks.example.org/pidgate */
            url: string;
            events: ("broken" | "recovered")[];
            enabled: boolean;
            /**
             * @description the secret is never shown after creation
             * @enum {boolean}
             */
            secretSet: true;
            createdAt: string;
            createdBy: string | null;
        };
        WebhookRequest: {
            /** @example https://hooks.example.org/pidgate */
            url: string;
            /** @description a user (by default the caller) */
            owner?: string;
            /** @description a group, instead of an owner */
            group?: string;
            /** @description the signing secret (16 to 200 characters); made for you when left out */
            secret?: string;
            /** @description by default both, `broken` and `recovered` */
            events?: ("broken" | "recovered")[];
            enabled?: boolean;
        };
        WebhookDelivery: {
            id: string;
            /** @enum {string} */
            state: "pending" | "delivered" | "failed";
            attempts: number;
            events: number;
            dueAt: string;
            lastStatus: number | null;
            lastError: string | null;
            createdAt: string;
            finishedAt: string | null;
        };
        LinkReport: {
            items: components["schemas"]["LinkReportEntry"][];
            /** @description pass as `cursor` for the next page; null on the last (also a `Link: rel="next"` header) */
            next: string | null;
        };
        LinkReportEntry: {
            target: string;
            identifiers: string[];
            owners: string[];
            /** @enum {string} */
            state: "failing" | "broken";
            /** @enum {string|null} */
            class: "ok" | "redirected" | "client-error" | "server-error" | "timeout" | "dns" | "tls" | "connection" | "too-many-redirects" | "soft-404" | "try-later" | "invalid" | "blocked-address" | null;
            status: number | null;
            failures: number;
            firstFailure: string | null;
            lastFailure: string | null;
            lastChecked: string | null;
            brokenSince: string | null;
        };
        ResolutionReport: {
            /** @enum {string} */
            by: "identifier" | "shoulder";
            /** @enum {string} */
            group: "day" | "month";
            from: string;
            to: string;
            items: components["schemas"]["ResolutionCount"][];
            /** @description pass as `cursor` for the next page; null on the last (also a `Link: rel="next"` header) */
            next: string | null;
        };
        ResolutionCount: {
            /** @description the identifier (stored key) or the shoulder */
            key: string;
            /** @description `YYYY-MM-DD` or `YYYY-MM` (UTC) */
            period: string;
            resolutions: number;
        };
        MetadataRecord: {
            identifier: string;
            /** @enum {string} */
            inflection: "?" | "??" | "?info";
            scheme: string;
            normalized: string;
            erc: components["schemas"]["ErcStory"];
            support?: components["schemas"]["ErcStory"] & unknown;
            profile?: string;
            components?: {
                [key: string]: unknown;
            };
            resolution: components["schemas"]["Resolution"];
            about?: {
                [key: string]: unknown;
            };
        };
        /** @description An ERC record (who, what, when, where); a missing value is a code such as "(:unav) unavailable" */
        ErcStory: {
            who: string;
            what: string;
            when: string;
            where: string;
        };
        Resolution: {
            /** @description The HTTP status a plain GET of the identifier answers */
            status: number;
            target: string | null;
            /** @description Which source resolved it (naan-table, maptr, urn-delegation, …) */
            how: string;
            code?: string;
            detail?: string;
            trace?: string[];
            accessUrl?: string | null;
        };
        PdiList: {
            /** @description The query as asked */
            query: string;
            count: number;
            /** @description More PDIs match than are listed (at most 1000) */
            truncated: boolean;
            items: {
                /** @description The fully qualified PDI (`…/id.format.version`) */
                identifier: string;
                target: string;
                createdAt: string;
            }[];
        };
        ProblemCode: {
            code: string;
            type: string;
            meaning: string;
            action: string;
            schemes?: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHome: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service description (JSON), or the home page for browsers (HTML) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceInfo"];
                    "text/html": string;
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The gateway answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reloadNaanTable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reloaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReloadReport"];
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No `Authorization: Bearer <admin.token>` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No `admin.token` is configured (`admin-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The NAAN table could not be reloaded; the old one stays */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    parseIdentifier: {
        parameters: {
            query: {
                id: string;
                /** @description Parsing profile */
                profile?: "source" | "modern";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Parsed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ParsedIdentifier"];
                };
            };
            /** @description Invalid request or identifier */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body or batch too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    normalizeIdentifiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NormalizeRequest"];
                "text/plain": string;
            };
        };
        responses: {
            /** @description One normalize record per identifier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NormalizeResponse"];
                    "application/x-ndjson": string;
                };
            };
            /** @description Invalid request or identifier */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body or batch too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No Content-Type: send application/json or text/plain */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    compareIdentifiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompareRequest"];
            };
        };
        responses: {
            /** @description Groups, in order of first appearance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareResponse"];
                };
            };
            /** @description Invalid request or identifier */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body or batch too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveIdentifiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveRequest"];
            };
        };
        responses: {
            /** @description One result per identifier, in order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolveResponse"];
                };
            };
            /** @description Invalid request or identifier */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body or batch too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBindings: {
        parameters: {
            query?: {
                prefix?: string;
                cursor?: string;
                limit?: number;
                /** @description include deleted identifiers */
                tombstoned?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; pass `next` as `cursor` (under a PDI prefix: a page of PDI versions) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BindingPage"] | components["schemas"]["PdiVersionPage"];
                };
            };
            /** @description A bad prefix or limit, or a cursor that is not this listing's (`invalid-cursor`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportBindings: {
        parameters: {
            query?: {
                prefix?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One binding per line, in the form import takes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description A bad prefix */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importBindings: {
        parameters: {
            query?: {
                onExisting?: "replace" | "skip" | "fail";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-ndjson": string;
            };
        };
        responses: {
            /** @description One result per line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description `onExisting` is not replace, skip or fail */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBinding: {
        parameters: {
            query?: {
                /** @description true: a prefix rule on this ARK */
                prefix?: "true" | "false";
                /** @description true: with every change (who, when, before, after) */
                history?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The identifier as written (slashes and all), e.g. ark:/99999/x6np1wh8k or urn:pdi://ap.org.us */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The binding (a PDI: the version) */
            200: {
                headers: {
                    /** @description `"v<version>"` of an ARK's binding, for `If-Match` */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Binding"] | components["schemas"]["PdiVersion"];
                };
            };
            /** @description Not a well-formed identifier (the parser code), or a bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not bound, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The identifier is longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putBinding: {
        parameters: {
            query?: {
                /** @description true: a prefix rule on this ARK */
                prefix?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The identifier as written (slashes and all), e.g. ark:/99999/x6np1wh8k or urn:pdi://ap.org.us */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BindingRequest"] | components["schemas"]["PdiBindingRequest"];
            };
        };
        responses: {
            /** @description Replaced (or unchanged) */
            200: {
                headers: {
                    /** @description `"v<version>"` of an ARK's binding, for `If-Match` */
                    etag?: string;
                    /** @description Where the identifier resolves on this gateway */
                    location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Binding"] | components["schemas"]["PdiVersion"];
                };
            };
            /** @description Created (a PDI: the new version, or the new serial number of a series) */
            201: {
                headers: {
                    /** @description `"v<version>"` of an ARK's binding, for `If-Match` */
                    etag?: string;
                    /** @description Where the identifier resolves on this gateway */
                    location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Binding"] | components["schemas"]["PdiVersion"];
                };
            };
            /** @description Bad identifier, body, target (one pointing back here) or series; a PDI series alone is only PUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description If-Match / If-None-Match failed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The identifier was deleted and is never bound again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The identifier is longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (`unsupported-media-type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteBinding: {
        parameters: {
            query?: {
                /** @description true: a prefix rule on this ARK */
                prefix?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The identifier as written (slashes and all), e.g. ark:/99999/x6np1wh8k or urn:pdi://ap.org.us */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tombstone */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Binding"] | components["schemas"]["PdiVersion"];
                };
            };
            /** @description Not a well-formed identifier (the parser code), or a bad query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not bound, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A PDI is never deleted (`pdi-immutable`) */
            405: {
                headers: {
                    /** @description `GET, PUT` */
                    allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Already deleted */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The identifier is longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    mintIdentifiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MintRequest"];
            };
        };
        responses: {
            /** @description The new identifiers, in minting order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MintResponse"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the shoulder */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such shoulder or NAAN, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The template has no identifiers left, or the shoulder exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listShoulders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Shoulders with their template and how many were minted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shoulders: components["schemas"]["Shoulder"][];
                    };
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the shoulder */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such shoulder or NAAN, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The template has no identifiers left, or the shoulder exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createShoulder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShoulderRequest"];
            };
        };
        responses: {
            /** @description Declared */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shoulder"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the shoulder */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such shoulder or NAAN, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The template has no identifiers left, or the shoulder exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV1ShouldersFallback: {
        parameters: {
            query: {
                shoulder: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shoulder's fallback */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShoulderFallback"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the shoulder */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such shoulder is declared (`not-found`), or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiV1ShouldersFallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShoulderFallbackRequest"];
            };
        };
        responses: {
            /** @description Set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShoulderFallback"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the shoulder */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such shoulder is declared (`not-found`), or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Token"][];
                    };
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is not an administrator's (`not-admin`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The new token and its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedToken"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is not an administrator's (`not-admin`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeToken: {
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
            /** @description The revoked token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is not an administrator's (`not-admin`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such token, or no store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions, oldest first, without their secrets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not the caller’s webhook, nor its group’s (`webhook-forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRequest"];
            };
        };
        responses: {
            /** @description The subscription and its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            /** @description A bad field (`invalid-webhook`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not the caller’s webhook, nor its group’s (`webhook-forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (`body-too-large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not of a media type this operation reads */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV1WebhooksId: {
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
            /** @description The subscription and its last 50 deliveries, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"] & {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not the caller’s webhook, nor its group’s (`webhook-forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiV1WebhooksId: {
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
            /** @description The removed subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid request (the parser's or the store's code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not the caller’s webhook, nor its group’s (`webhook-forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV1ReportsLinks: {
        parameters: {
            query?: {
                /** @description only this owner's identifiers */
                owner?: string;
                /** @description only identifiers whose key starts with this */
                shoulder?: string;
                /** @description only targets whose last check ended so */
                class?: "ok" | "redirected" | "client-error" | "server-error" | "timeout" | "dns" | "tls" | "connection" | "too-many-redirects" | "soft-404" | "try-later" | "invalid" | "blocked-address";
                /** @description only targets failing for at least this many days (not with since) */
                age?: string;
                /** @description only targets whose first failure is at or before this instant (not with age) */
                since?: string;
                /** @description true: only targets past the window (`broken`); by default `failing` too */
                broken?: "true" | "false";
                /** @description json or csv (with a UTF-8 BOM); by default by Accept (text/csv), else json */
                format?: "json" | "csv";
                /** @description at most this many targets (1 to 10000, the default) */
                limit?: string;
                /** @description the `next` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report, sorted by target */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkReport"];
                    "text/csv": string;
                };
            };
            /** @description A bad query (`invalid-report-query`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV1ReportsResolutions: {
        parameters: {
            query?: {
                /** @description count per identifier (the default) or per shoulder */
                by?: "identifier" | "shoulder";
                /** @description first day (UTC); by default 29 days before `to` */
                from?: string;
                /** @description last day (UTC), included; by default today */
                to?: string;
                /** @description one row per day (the default) or per month */
                group?: "day" | "month";
                /** @description only this identifier (its stored key; by=identifier) */
                identifier?: string;
                /** @description by=identifier: only identifiers whose key starts with this; by=shoulder: only this shoulder */
                shoulder?: string;
                /** @description only this owner's identifiers (by=identifier) */
                owner?: string;
                /** @description json or csv (with a UTF-8 BOM); by default by Accept (text/csv), else json */
                format?: "json" | "csv";
                /** @description at most this many rows (1 to 10000, the default) */
                limit?: string;
                /** @description the `next` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts, by key and then period; periods without resolutions are left out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolutionReport"];
                    "text/csv": string;
                };
            };
            /** @description A bad query (`invalid-report-query`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token's scopes do not cover the identifier (`out-of-scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A precondition failed or the thing exists (`conflict`, `mint-exhausted`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted: the tombstone, never bound again (`tombstoned`) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Longer than any key the store holds (`key-too-long`) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The store failed (`storage-error`, `store-closed`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getArkResolver: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The base URL */
            200: {
                headers: {
                    /** @description `<base/ark:>; rel="ark-resolver"` */
                    link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/json": {
                        resolver: string;
                        ark: string;
                        inflections: string[];
                    };
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveIdentifier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier exactly as written, slashes included (`ark:/12025/654xz321/s3/f8.05v.tiff`): the whole request target after the first `/`, nothing decoded. A trailing `?`, `??` or `?info` asks for metadata. */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata record (with `?`, `??` or `?info`), or the PDIs a PDI query (with wildcards) names */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/json": components["schemas"]["MetadataRecord"] | components["schemas"]["PdiList"];
                    "text/html": string;
                    "text/uri-list": string;
                };
            };
            /** @description Where the identifier leads, when its binding (or NAAN record) asks for 301 */
            301: {
                headers: {
                    /** @description The target, an absolute http(s) URL */
                    location?: string;
                    /** @description PWID: the original, TimeGate and TimeMap (RFC 7089) */
                    link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Where the identifier leads (the default status of a binding and of a NAAN record) */
            302: {
                headers: {
                    /** @description The target, an absolute http(s) URL */
                    location?: string;
                    /** @description PWID: the original, TimeGate and TimeMap (RFC 7089) */
                    link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Where the identifier leads, when its binding (or NAAN record) asks for 303 */
            303: {
                headers: {
                    /** @description The target, an absolute http(s) URL */
                    location?: string;
                    /** @description PWID: the original, TimeGate and TimeMap (RFC 7089) */
                    link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Where the identifier leads, when its binding (or NAAN record) asks for 307 */
            307: {
                headers: {
                    /** @description The target, an absolute http(s) URL */
                    location?: string;
                    /** @description PWID: the original, TimeGate and TimeMap (RFC 7089) */
                    link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Where the identifier leads, when its binding (or NAAN record) asks for 308 */
            308: {
                headers: {
                    /** @description The target, an absolute http(s) URL */
                    location?: string;
                    /** @description PWID: the original, TimeGate and TimeMap (RFC 7089) */
                    link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a well-formed identifier (`code`, `offset`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A restricted web archive (`accessUrl` says where to apply) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not an identifier of a known scheme, or nothing binds it (with an inflection: the metadata record) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/plain": string;
                    "application/json": components["schemas"]["MetadataRecord"];
                    "text/html": string;
                };
            };
            /** @description No acceptable metadata format */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Deleted (tombstoned) by this institution, with its record; everything below it too (`tombstoned`; with an inflection: the metadata record) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/plain": string;
                    "application/json": components["schemas"]["MetadataRecord"];
                    "text/html": string;
                };
            };
            /** @description Discovery (DNS) failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The gateway's store failed (`storage-error`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Discovery (DNS) timed out */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI description of every route */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    describeProblemCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The code described */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ProblemCode"];
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The gateway gives no such code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Neither HTML nor JSON is acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLookup: {
        parameters: {
            query?: {
                /** @description The identifier as written; a trailing ?, ?? or ?info is ignored. Without it: the empty form. */
                id?: string;
                profile?: "source" | "modern";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record (or, without `id`, the empty form) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["MetadataRecord"];
                };
            };
            /** @description Not a well-formed identifier (`code`, `offset`): the problem, or the form with it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description No known scheme, or no resolver for it: the problem, or the form with it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Neither HTML nor JSON is acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAssetsFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (cached for a year when asked for with its `?v=` version) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "text/javascript": string;
                };
            };
            /** @description Not modified (`If-None-Match`) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such file */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocsApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document as a page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request target or Host header is not valid (`invalid-request-target`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
