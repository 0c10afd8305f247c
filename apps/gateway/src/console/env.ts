import type { Principal, Store } from '@pidgate/store';
import type { Child } from 'hono/jsx';
import type { GatewayEnv } from '../http/index.ts';

/** The signed-in session of a console request: its id (the cookie) and its CSRF token (every form's `csrf`). */
export interface ConsoleSession {
  readonly id: string;
  readonly csrf: string;
}

/**
 * Hono environment of the console's pages. Behind the session middleware of `index.ts`, every page has the
 * store, the signed-in principal and the session (for its CSRF token); `base` is the console's path as the
 * browser sees it (`/console/`, or below the gateway's base path).
 */
export interface ConsoleEnv {
  Bindings: GatewayEnv['Bindings'];
  Variables: GatewayEnv['Variables'] & {
    store: Store;
    principal: Principal;
    session: ConsoleSession;
    /** The console's root path, ending in `/` (`/console/` unless the gateway is mounted below a path). */
    base: string;
    /** The banner of every page (the demo-identifier notice, set by `demoBanner` in parts.tsx), if any. */
    banner?: Child;
  };
}
