// demo/: demo identifiers, as EZID has them: the test shoulders, their expiry, and the purge (a periodic
// sweep while the gateway runs, and `pidgate demo-purge`).
export {
  DEMO_PURGE_ACTOR,
  type DemoPolicy,
  type DemoSweep,
  demoCutoff,
  demoExpiry,
  demoPolicy,
  isDemo,
  purgeDemo,
  startDemoSweep,
} from './demo.ts';
