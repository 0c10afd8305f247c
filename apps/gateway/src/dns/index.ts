// dns/: the DNS server that answers Maptr (NAPTR) queries for this gateway's NAANs.
export { type RunningDns, startDns } from './dns.ts';
