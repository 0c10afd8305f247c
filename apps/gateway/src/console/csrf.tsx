// The console's CSRF field lives in csrf.ts (the contract's name); pages written while it was csrf.tsx import
// this file, which only passes it on.
export { CSRF_FIELD, CSRF_HEADER, CsrfField, crossSite, sameToken } from './csrf.ts';
