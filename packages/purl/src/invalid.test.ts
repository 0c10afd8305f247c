import { invalidInputs } from '@pidgate/core/testing';
import { purlScheme } from './scheme.ts';
import { PURL_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(purlScheme, PURL_INVALID_RULES);
