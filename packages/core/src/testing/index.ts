export { type ContractFixtures, schemeContract } from './contract.ts';
export { readmeExamples } from './readme.ts';
