/**
 * `source` follows the source documents in the specs folder (the default);
 * `modern` follows the newest published rules. A profile is chosen per call.
 */
export const PROFILES = ['source', 'modern'] as const;
export type Profile = (typeof PROFILES)[number];
export const DEFAULT_PROFILE: Profile = 'source';

export function isProfile(value: unknown): value is Profile {
  return value === 'source' || value === 'modern';
}
