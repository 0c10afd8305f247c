export { type ContractFixtures, schemeContract } from './contract.ts';
