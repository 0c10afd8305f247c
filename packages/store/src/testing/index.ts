export { accountsContract } from './accounts-contract.ts';
export { type ContractTarget, storeContract } from './contract.ts';
