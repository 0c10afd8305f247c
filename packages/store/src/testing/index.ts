export { type ContractTarget, storeContract } from './contract.ts';
